// What an audit entry is about, by name rather than by id, for the dashboard's recent changes:
// "product Coffee mug", "invitation to Events Committee", "Kari Nordmann in Sports Club". One
// query per kind of record among the entries; a record since deleted keeps its id.
import type { Kysely } from 'kysely';
import type { Locale } from '$lib/i18n';
import { orderNumber } from '$lib/order-number';
import { pickLocalized } from '../content/localize';
import type { Db } from '../db';

interface Subject {
	subjectType: string;
	subjectId: string;
}

type Lookup = (db: Db, ids: string[], locale: Locale) => Promise<[string, string][]>;

/** The tables a subject is named from, each by its key and what names it. */
type Named = Kysely<Record<string, Record<string, string | null>>>;

/** A record named by a text in one column, or per language (`<column>_no`, `<column>_en`). */
function lookup(
	table: string,
	column: string,
	options: { key?: string; localized?: boolean } = {}
) {
	const key = options.key ?? 'id';
	const columns = options.localized ? [key, `${column}_no`, `${column}_en`] : [key, column];
	return (async (db, ids, locale) => {
		const rows = await (db as unknown as Named)
			.selectFrom(table)
			.select(columns)
			.where(key, 'in', ids)
			.execute();
		return rows.map((r) => [
			String(r[key]),
			options.localized ? pickLocalized(r, column, locale).text : String(r[column] ?? '')
		]);
	}) satisfies Lookup;
}

const LOOKUPS: Record<string, Lookup> = {
	event: lookup('events', 'title', { localized: true }),
	news: lookup('news', 'title', { localized: true }),
	job: lookup('jobs', 'title', { localized: true }),
	project: lookup('projects', 'title', { localized: true }),
	unit: lookup('units', 'name', { localized: true }),
	page: lookup('pages', 'title', { key: 'slug', localized: true }),
	campus: lookup('campuses', 'name'),
	product: lookup('products', 'name', { localized: true }),
	user: lookup('users', 'name'),
	expense_claim: lookup('expense_claims', 'purpose'),
	contact_message: lookup('contact_messages', 'subject'),
	// An order has no name; its id's first characters are how the shop pages show it.
	order: async (_db, ids) => ids.map((id) => [id, orderNumber(id)])
};

/**
 * Team roles and invitations are `<unit>:<id>` (identity/audit-subjects.ts): named by the unit,
 * and a team role by its person too. Grants are named by their person.
 */
function lookupOf(subject: Subject): { type: string; id: string }[] {
	const [unit, id] = subject.subjectId.split(':');
	switch (subject.subjectType) {
		case 'team_member':
			return [
				{ type: 'unit', id: unit! },
				{ type: 'user', id: id ?? '' }
			];
		case 'invitation':
			return [{ type: 'unit', id: unit! }];
		case 'admin_grant':
		case 'safety_grant':
			return [{ type: 'user', id: subject.subjectId }];
		default:
			return [{ type: subject.subjectType, id: subject.subjectId }];
	}
}

/**
 * The name of each entry's subject, keyed `<type>:<id>` as the entries have them; `composite`
 * joins a team role's person and unit in the reader's words.
 */
export async function subjectNames(
	db: Db,
	subjects: Subject[],
	locale: Locale,
	composite: (person: string, unit: string) => string
): Promise<Map<string, string>> {
	const wanted = new Map<string, Set<string>>();
	for (const s of subjects) {
		for (const { type, id } of lookupOf(s)) {
			if (LOOKUPS[type]) wanted.set(type, (wanted.get(type) ?? new Set()).add(id));
		}
	}
	const found = new Map<string, string>();
	await Promise.all(
		[...wanted].map(async ([type, ids]) => {
			for (const [id, name] of await LOOKUPS[type]!(db, [...ids], locale)) {
				found.set(`${type}:${id}`, name);
			}
		})
	);
	const named = new Map<string, string>();
	for (const s of subjects) {
		const parts = lookupOf(s).map(({ type, id }) => found.get(`${type}:${id}`));
		if (parts.some((p) => p === undefined)) continue;
		const name =
			s.subjectType === 'team_member' ? composite(parts[1]!, parts[0]!) : parts.join(' ');
		named.set(`${s.subjectType}:${s.subjectId}`, name);
	}
	return named;
}
