// An audit entry as a page shows it (components/AuditTrail.svelte): who by name, what in words,
// and the details in words, written on the server in the request's language by the domain whose
// record it is (its actions and fields are its own words). The table's headings are sent as text
// too, so that no page carries message tables for them.
import type { Kysely } from 'kysely';
import { m } from '$lib/paraglide/messages';
import type { Database } from '../db';
export interface TrailEntry {
	id: string;
	at: string;
	/** Who did it, by name. */
	who: string;
	/** A code for tests and styling (`data-action`): the action, or `<subject type>:<action>`. */
	action: string;
	/** What was done, in words. */
	label: string;
	/** Each detail on its own line: a changed field "as it was → as it became", a reason. */
	details: string[];
	/** Whom or what it concerns, on a page listing several records' entries. */
	about?: string;
}

/** The actors' names of audit entries; a user no longer there (or "system:…") keeps its id. */
export async function actorNames(
	db: Kysely<Database>,
	actors: string[]
): Promise<Map<string, string>> {
	const ids = [...new Set(actors)];
	if (ids.length === 0) return new Map();
	const users = await db
		.selectFrom('users')
		.select(['id', 'name', 'email'])
		.where('id', 'in', ids)
		.execute();
	return new Map(users.map((u) => [u.id, u.name || u.email || u.id]));
}

export interface TrailTexts {
	caption: string;
	empty: string;
	when: string;
	who: string;
	what: string;
	about: string;
	details: string;
}

/** The trail table's words, in the request's language; `caption` names whose trail it is. */
export function trailTexts(caption: string, empty = m.common_trail_empty()): TrailTexts {
	return {
		caption,
		empty,
		when: m.common_trail_when(),
		who: m.common_trail_who(),
		what: m.common_trail_what(),
		about: m.common_trail_about(),
		details: m.common_trail_details()
	};
}
