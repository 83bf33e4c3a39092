// An audit trail for a record's page: every entry about it, oldest first, with the actor's name
// instead of an id where the actor is a user ("system:…" and other actors stay as written), and
// the names, in the reader's language, of what its fields refer to by id (reference-names.ts).
import type { Kysely } from 'kysely';
import type { Locale } from '$lib/i18n';
import type { Database } from '../db';
import { trail, type AuditRecord } from './index';
import { referenceNames, type Fields } from './reference-names';
import { actorNames } from './trail-entry';

export interface NamedAuditRecord extends AuditRecord {
	actorName: string;
}

export interface NamedTrail {
	entries: NamedAuditRecord[];
	/** A referenced id's name: a unit's, category's, account's or file's. */
	names: Record<string, string>;
}

export async function namedTrail(
	db: Kysely<Database>,
	subjectType: string,
	subjectId: string,
	locale: Locale
): Promise<NamedTrail> {
	const entries = await trail(db, subjectType, subjectId);
	const [nameOf, names] = await Promise.all([
		actorNames(
			db,
			entries.map((e) => e.actor)
		),
		referenceNames(
			db,
			entries.flatMap((e) => [e.details.before, e.details.after] as Fields[]),
			locale
		)
	]);
	return {
		entries: entries.map((e) => ({ ...e, actorName: nameOf.get(e.actor) ?? e.actor })),
		names: Object.fromEntries(names)
	};
}
