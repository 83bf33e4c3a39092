// Races at a chosen point, for the tests of concurrent writers: a view of the database that, right
// after the first INSERT into (or UPDATE of) a table, lets a competing request run before the
// writer goes on. Timing alone rarely lands a competitor inside another request's transaction;
// this does, every time, on the engine where it can happen.
import { setTimeout as sleep } from 'node:timers/promises';
import {
	InsertQueryNode,
	sql,
	TableNode,
	UpdateQueryNode,
	type KyselyPlugin,
	type OperationNode,
	type PluginTransformQueryArgs,
	type PluginTransformResultArgs,
	type QueryResult,
	type RootOperationNode,
	type UnknownRow
} from 'kysely';
import { engineOf } from './dialect';
import type { Db } from './index';

export interface Interleaved {
	/** `db` with the pause in it: give this one to the writer under test. */
	db: Db;
	/** The competitor's result, once it has been started. */
	competitor(): Promise<unknown>;
}

const tableName = (node: OperationNode | undefined) =>
	node && TableNode.is(node) ? node.table.identifier.name : undefined;

function writes(node: RootOperationNode, kind: 'insert' | 'update', table: string): boolean {
	if (kind === 'insert') return InsertQueryNode.is(node) && tableName(node.into) === table;
	return UpdateQueryNode.is(node) && tableName(node.table) === table;
}

/** Resolves once some session of this database waits for a row or table lock. */
async function someoneWaitsForALock(db: Db, stop: { done: boolean }): Promise<void> {
	while (!stop.done) {
		const { rows } = await sql<{ n: number }>`
			select count(*)::int as n from pg_stat_activity
			where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
		if (rows[0]!.n > 0) return;
		await sleep(5);
	}
}

/**
 * After the first `kind` of `table` through the returned `db`, `competitor` starts. On PostgreSQL
 * the writer waits (its transaction still open) until the competitor has ended or is itself
 * waiting for a lock, which only the writer's commit can release. SQLite runs one transaction at a
 * time: there the competitor queues behind the writer, as it would in production.
 */
export function pauseAfter(
	db: Db,
	kind: 'insert' | 'update',
	table: string,
	competitor: () => Promise<unknown>
): Interleaved {
	const watched = new Set<unknown>();
	let started: Promise<unknown> | null = null;
	const plugin: KyselyPlugin = {
		transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
			if (writes(node, kind, table)) watched.add(queryId);
			return node;
		},
		async transformResult({
			queryId,
			result
		}: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
			if (started || !watched.has(queryId)) return result;
			started = competitor();
			if (engineOf(db) === 'postgres') {
				const stop = { done: false };
				const ended = started.then(
					() => undefined,
					() => undefined
				);
				await Promise.race([ended, someoneWaitsForALock(db, stop)]);
				stop.done = true;
			}
			return result;
		}
	};
	return {
		db: db.withPlugin(plugin),
		competitor: () => started ?? Promise.reject(new Error(`no ${kind} of ${table} happened`))
	};
}
