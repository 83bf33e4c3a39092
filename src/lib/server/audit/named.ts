// An audit trail for a record's page: every entry about it, oldest first, with the actor's name
// instead of an id where the actor is a user ("system:…" and other actors stay as written).
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { trail, type AuditRecord } from './index';
import { actorNames } from './trail-entry';

export interface NamedAuditRecord extends AuditRecord {
	actorName: string;
}

export async function namedTrail(
	db: Kysely<Database>,
	subjectType: string,
	subjectId: string
): Promise<NamedAuditRecord[]> {
	const entries = await trail(db, subjectType, subjectId);
	const nameOf = await actorNames(
		db,
		entries.map((e) => e.actor)
	);
	return entries.map((e) => ({ ...e, actorName: nameOf.get(e.actor) ?? e.actor }));
}
