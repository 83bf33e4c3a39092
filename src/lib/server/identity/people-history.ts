// The history the admin's people pages show (a person's, a unit's team's): audit entries with the
// names a reader needs — who acted, whom the entry concerns, the accounts its fields name by id.
// A deleted account has no name here; the page says so in its language (words.ts).
import type { AuditRecord } from '../audit';
import { idsIn } from '../audit/trail-values';
import type { Db } from '../db';
import { ADMIN_GRANT, SAFETY_GRANT, TEAM_MEMBER, USER } from './audit-subjects';

/** How many entries a person's or a team's page shows. */
export const HISTORY_LIMIT = 50;

/** An audit entry with the names a reader needs; null names: a deleted account, or the system. */
export interface HistoryEntry {
	id: string;
	at: string;
	actor: string;
	actorName: string | null;
	subjectType: string;
	subjectId: string;
	/** The person the entry is about (a user, their grant, their team role), when it is one. */
	subjectName: string | null;
	action: string;
	before: Record<string, unknown> | null;
	after: Record<string, unknown> | null;
	/** Names of the accounts the fields name by id (who gave a grant). */
	valueNames: Record<string, string>;
}

/** Who is on the other side of an audit entry about a person. */
function subjectUserId(entry: AuditRecord): string | null {
	if ([USER, ADMIN_GRANT, SAFETY_GRANT].includes(entry.subjectType)) return entry.subjectId;
	if (entry.subjectType === TEAM_MEMBER) return entry.subjectId.split(':')[1] ?? null;
	return null;
}

const fields = (value: unknown) =>
	value && typeof value === 'object' ? (value as Record<string, unknown>) : null;

/** Names of the accounts among `ids` that were not deleted. */
export async function namesOf(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
	const wanted = [...new Set(ids)];
	if (wanted.length === 0) return new Map();
	const rows = await db
		.selectFrom('users')
		.select(['id', 'name'])
		.where('id', 'in', wanted)
		.where('deleted_at', 'is', null)
		.execute();
	return new Map(rows.map((r) => [r.id, r.name]));
}

/** The entries with their names, in their order. */
export async function history(db: Db, entries: AuditRecord[]): Promise<HistoryEntry[]> {
	const named = (e: AuditRecord) => idsIn(fields(e.details.before), fields(e.details.after));
	const names = await namesOf(
		db,
		entries
			.flatMap((e) => [e.actor, subjectUserId(e), ...named(e)])
			.filter((id): id is string => !!id)
	);
	return entries.map((e) => {
		const subject = subjectUserId(e);
		const valueNames = Object.fromEntries(
			named(e).flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : []))
		);
		return {
			id: e.id,
			at: e.at,
			actor: e.actor,
			actorName: names.get(e.actor) ?? null,
			subjectType: e.subjectType,
			subjectId: e.subjectId,
			subjectName: subject ? (names.get(subject) ?? null) : null,
			action: e.action,
			before: fields(e.details.before),
			after: fields(e.details.after),
			valueNames
		};
	});
}
