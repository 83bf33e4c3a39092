// The site's one audit log: who did what to which thing, when. Written inside the transaction of
// the change it records, so a change and its entry are committed together or not at all.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db';
import { likeLiteral } from '../db/dialect';
import type { AuditLogTable } from '../db/schema';

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

/**
 * Like `record`, but when the thing's latest entry is the same action by the same actor and at
 * most `windowMs` older, that entry is brought up to date instead (its time and details, with
 * `details.times` counting the changes it stands for): one row per sitting of repeated changes
 * (a draft's autosaves every few seconds) rather than one per save. An entry of anything else in
 * between, or a longer pause, starts a new row.
 */
export async function recordCoalesced(
	db: Kysely<Database>,
	entry: AuditEntry,
	windowMs: number
): Promise<string> {
	const at = entry.at ?? new Date();
	const latest = await db
		.selectFrom('audit_log')
		.select(['id', 'at', 'actor', 'action', 'details'])
		.where('subject_type', '=', entry.subjectType)
		.where('subject_id', '=', entry.subjectId)
		.orderBy('id', 'desc')
		.limit(1)
		.executeTakeFirst();
	const since = latest ? at.getTime() - Date.parse(latest.at) : Infinity;
	if (!latest || latest.actor !== entry.actor || latest.action !== entry.action) {
		return record(db, entry);
	}
	if (since < 0 || since > windowMs) return record(db, entry);
	const before = latest.details ? (JSON.parse(latest.details) as Fields) : {};
	const times = (typeof before.times === 'number' ? before.times : 1) + 1;
	await db
		.updateTable('audit_log')
		.set({ at: at.toISOString(), details: JSON.stringify({ ...entry.details, times }) })
		.where('id', '=', latest.id)
		.execute();
	return latest.id;
}

type Fields = Record<string, unknown>;

/**
 * A change to a record, written with the fields it changed as they were and as they became
 * (`details.before`, `details.after`): everything for a record created (before null) or deleted
 * (after null). Nothing is written when an update changed nothing. Returns the entry's id.
 */
export async function recordChange(
	db: Kysely<Database>,
	entry: Omit<AuditEntry, 'details'> & { before: Fields | null; after: Fields | null }
): Promise<string | null> {
	const { before, after, ...rest } = entry;
	const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
	const changed = keys.filter(
		(k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null)
	);
	if (before && after && changed.length === 0) return null;
	const pick = (fields: Fields | null) =>
		fields ? Object.fromEntries(changed.map((k) => [k, fields[k] ?? null])) : null;
	return record(db, { ...rest, details: { before: pick(before), after: pick(after) } });
}

/** The latest entries of the given kinds of things (all kinds when none given), newest first. */
export async function recent(
	db: Kysely<Database>,
	options: { limit: number; subjectTypes?: string[] }
): Promise<AuditRecord[]> {
	let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(options.limit);
	if (options.subjectTypes?.length) query = query.where('subject_type', 'in', options.subjectTypes);
	return (await query.execute()).map(fromRow);
}

function fromRow(r: Selectable<AuditLogTable>): AuditRecord {
	return {
		id: r.id,
		at: r.at,
		actor: r.actor,
		subjectType: r.subject_type,
		subjectId: r.subject_id,
		action: r.action,
		details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : {}
	};
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
	return rows.map(fromRow);
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

/** Which entries `about` takes: one thing by its id, or the things whose id starts or ends so. */
export type SubjectMatch =
	| { type: string; id: string }
	| { type: string; idStartsWith: string }
	| { type: string; idEndsWith: string };

/** Whether the entry is about one of `subjects` (as `about` finds them). */
export function isAbout(
	entry: Pick<AuditRecord, 'subjectType' | 'subjectId'>,
	subjects: SubjectMatch[]
): boolean {
	return subjects.some(
		(s) =>
			s.type === entry.subjectType &&
			('id' in s
				? entry.subjectId === s.id
				: 'idStartsWith' in s
					? entry.subjectId.startsWith(s.idStartsWith)
					: entry.subjectId.endsWith(s.idEndsWith))
	);
}

/**
 * The latest entries about any of `subjects` (and, with `actor`, everything that actor did), newest
 * first: a record's page shows what happened to it, e.g. a user and their team roles, whose
 * subject ids are `<unit>:<user>`.
 */
export async function about(
	db: Kysely<Database>,
	options: { subjects: SubjectMatch[]; actor?: string; limit?: number }
): Promise<AuditRecord[]> {
	if (options.subjects.length === 0 && options.actor === undefined) return [];
	let query = db.selectFrom('audit_log').selectAll();
	query = query.where((eb) =>
		eb.or([
			...options.subjects.map((s) =>
				eb.and([
					eb('subject_type', '=', s.type),
					'id' in s
						? eb('subject_id', '=', s.id)
						: sql<boolean>`subject_id like ${
								'idStartsWith' in s
									? `${likeLiteral(s.idStartsWith)}%`
									: `%${likeLiteral(s.idEndsWith)}`
							} escape '\\'`
				])
			),
			...(options.actor !== undefined ? [eb('actor', '=', options.actor)] : [])
		])
	);
	query = query.orderBy('id', 'desc');
	if (options.limit !== undefined) query = query.limit(options.limit);
	return (await query.execute()).map(fromRow);
}
