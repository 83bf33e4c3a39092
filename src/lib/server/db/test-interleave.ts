// Races at a chosen point, for the tests of concurrent writers: a view of the database that, right
// after the first INSERT into a table, lets a competing request run before the writer goes on.
// Timing alone rarely lands a competitor inside another request's transaction; this does, every
// time, on the engine where it can happen.
import {
	InsertQueryNode,
	type KyselyPlugin,
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

/**
 * After the first INSERT into `table` through the returned `db`, `competitor` starts. On
 * PostgreSQL it runs to its end on another connection before the writer continues (so the
 * writer's transaction is still open while the competitor commits). SQLite runs one transaction
 * at a time: there the competitor queues behind the writer, as it would in production.
 */
export function pauseAfterInsert(
	db: Db,
	table: string,
	competitor: () => Promise<unknown>
): Interleaved {
	const watched = new Set<unknown>();
	let started: Promise<unknown> | null = null;
	const plugin: KyselyPlugin = {
		transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
			if (InsertQueryNode.is(node) && node.into?.table.identifier.name === table) {
				watched.add(queryId);
			}
			return node;
		},
		async transformResult({
			queryId,
			result
		}: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
			if (started || !watched.has(queryId)) return result;
			started = competitor();
			if (engineOf(db) === 'postgres') await started;
			return result;
		}
	};
	return {
		db: db.withPlugin(plugin),
		competitor: () => started ?? Promise.reject(new Error(`no insert into ${table} happened`))
	};
}
