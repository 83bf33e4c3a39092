// One change by the safety team under the report's version: the change itself, the row moved to
// the next version and its access-log entry, together (db/versioned.ts); refused when the version
// moved on meanwhile.
import type { Selectable } from 'kysely';
import type { SafetyStatus } from '$lib/safety/statuses';
import type { UserContext } from '../context';
import type { Database, Db } from '../db';
import type { SafetyReportsTable } from '../db/schema';
import { versioned } from '../db/versioned';
import { Conflict, NotFound } from '../errors';
import type { RolesService } from '../identity/roles';
import { writeLog } from './access-log';
import type { AccessAction, Author, ChangeResult } from './types';

export type SafetyReport = Selectable<SafetyReportsTable>;

/** What one change by the safety team sets on the report, and how its access log tells it. */
export interface StaffChange {
	status?: SafetyStatus;
	lastMessageBy?: Author;
	action: AccessAction;
	details: object;
}

/** `work` answering null changes nothing. */
export async function staffChange(
	deps: { db: Db; roles: Pick<RolesService, 'require'> },
	ctx: UserContext,
	change: { reportId: string; version: number; now: Date },
	work: (trx: Db, row: SafetyReport, userId: string) => Promise<StaffChange | null>
): Promise<ChangeResult> {
	const { db, roles } = deps;
	const { reportId, version, now } = change;
	// Asked before the transaction: on SQLite the roles store would wait for its connection.
	const user = await roles.require(ctx, { action: 'safety' }, now);
	try {
		const answer = await versioned<Database, SafetyReport, StaffChange, 'unchanged'>(db, {
			table: 'safety_reports',
			key: { column: 'id', value: reportId },
			version,
			read: (trx) =>
				trx.selectFrom('safety_reports').selectAll().where('id', '=', reportId).executeTakeFirst(),
			change: async (trx, row) => {
				const done = await work(trx, row, user.id);
				if (!done) return { refused: 'unchanged' as const };
				return {
					set: {
						updated_at: now.toISOString(),
						...(done.status ? { status: done.status } : {}),
						...(done.lastMessageBy ? { last_message_by: done.lastMessageBy } : {})
					},
					done
				};
			},
			audit: (trx, _row, done) =>
				writeLog(trx, {
					reportId,
					actor: user.id,
					action: done.action,
					details: done.details,
					at: now
				})
		});
		if (answer === 'unchanged') return { ok: false, reason: 'unchanged' };
		return { ok: true, version: version + 1 };
	} catch (error) {
		if (error instanceof NotFound) return { ok: false, reason: 'not_found' };
		if (error instanceof Conflict) return { ok: false, reason: 'conflict' };
		throw error;
	}
}
