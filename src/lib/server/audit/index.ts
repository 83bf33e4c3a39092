// The site's one audit log: who did what to which thing, when. Written inside the transaction of
// the change it records, so a change and its entry are committed together or not at all.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';

export interface AuditEntry {
	/** A user id, or "system:<job>" for what the site did by itself. */
	actor: string;
	subjectType: string;
	subjectId: string;
	action: string;
	details?: Record<string, unknown>;
	at?: Date;
}

export interface AuditRecord {
	id: string;
	at: string;
	actor: string;
	subjectType: string;
	subjectId: string;
	action: string;
	details: Record<string, unknown>;
}

let lastMs = 0;
let sequence = 0;

/**
 * Ids that sort in the order entries were written: entries of one millisecond would otherwise
 * come back in any order on PostgreSQL. Time, then a per-process counter, then randomness for
 * entries of other processes in the same millisecond.
 */
export function sortableId(now = Date.now()): string {
	if (now === lastMs) sequence++;
	else {
		lastMs = now;
		sequence = 0;
	}
	return (
		now.toString(16).padStart(12, '0') +
		sequence.toString(16).padStart(6, '0') +
		randomBytes(5).toString('hex')
	);
}

export async function record(db: Kysely<Database>, entry: AuditEntry): Promise<string> {
	const at = entry.at ?? new Date();
	const id = sortableId(Date.now());
	await db
		.insertInto('audit_log')
		.values({
			id,
			at: at.toISOString(),
			actor: entry.actor,
			subject_type: entry.subjectType,
			subject_id: entry.subjectId,
			action: entry.action,
			details: entry.details ? JSON.stringify(entry.details) : null
		})
		.execute();
	return id;
}

/** Everything recorded about one thing, oldest first. */
export async function trail(
	db: Kysely<Database>,
	subjectType: string,
	subjectId: string
): Promise<AuditRecord[]> {
	const rows = await db
		.selectFrom('audit_log')
		.selectAll()
		.where('subject_type', '=', subjectType)
		.where('subject_id', '=', subjectId)
		.orderBy('id')
		.execute();
	return rows.map((r) => ({
		id: r.id,
		at: r.at,
		actor: r.actor,
		subjectType: r.subject_type,
		subjectId: r.subject_id,
		action: r.action,
		details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : {}
	}));
}

/** Removes a thing's entries, when the thing itself is deleted at the end of its retention. */
export async function forget(
	db: Kysely<Database>,
	subjectType: string,
	subjectIds: string[]
): Promise<number> {
	if (subjectIds.length === 0) return 0;
	const result = await db
		.deleteFrom('audit_log')
		.where('subject_type', '=', subjectType)
		.where('subject_id', 'in', subjectIds)
		.executeTakeFirst();
	return Number(result.numDeletedRows);
}
