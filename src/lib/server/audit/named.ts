// An audit trail for a record's page: every entry about it, oldest first, with the actor's name
// instead of an id where the actor is a user ("system:…" and other actors stay as written).
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { trail, type AuditRecord } from './index';

export interface NamedAuditRecord extends AuditRecord {
	actorName: string;
}

export async function namedTrail(
	db: Kysely<Database>,
	subjectType: string,
	subjectId: string
): Promise<NamedAuditRecord[]> {
	const entries = await trail(db, subjectType, subjectId);
	const ids = [...new Set(entries.map((e) => e.actor))];
	const users = ids.length
		? await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute()
		: [];
	const nameOf = new Map(users.map((u) => [u.id, u.name || u.email || u.id]));
	return entries.map((e) => ({ ...e, actorName: nameOf.get(e.actor) ?? e.actor }));
}
