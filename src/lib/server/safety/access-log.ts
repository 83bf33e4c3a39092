// A report's own access log: every read and change by the safety team, written in the change's
// transaction. Not the site's audit log, which admins read.
import { sortableId } from '../audit';
import { actorNames } from '../audit/trail-entry';
import type { Db } from '../db';
import type { AccessAction, AccessEntry } from './types';

export async function writeLog(
	trx: Db,
	entry: { reportId: string; actor: string; action: AccessAction; details?: object; at: Date }
) {
	await trx
		.insertInto('safety_access_log')
		.values({
			id: sortableId(entry.at.getTime()),
			report_id: entry.reportId,
			actor: entry.actor,
			action: entry.action,
			details: entry.details ? JSON.stringify(entry.details) : null,
			at: entry.at.toISOString()
		})
		.execute();
}

/** The report's log, oldest first, each actor by name (a user no longer there by id). */
export async function accessLog(db: Db, reportId: string): Promise<AccessEntry[]> {
	const entries = await db
		.selectFrom('safety_access_log')
		.selectAll()
		.where('report_id', '=', reportId)
		.orderBy('id')
		.execute();
	const names = await actorNames(
		db,
		entries.map((e) => e.actor)
	);
	return entries.map((e) => ({
		id: e.id,
		at: e.at,
		actor: e.actor,
		actorName: names.get(e.actor) ?? e.actor,
		action: e.action as AccessAction,
		details: e.details ? (JSON.parse(e.details) as Record<string, unknown>) : null
	}));
}
