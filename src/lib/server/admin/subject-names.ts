// What an audit entry is about, by name rather than by id, for the dashboard's recent changes:
// "product Coffee mug", "invitation to Events Committee", "Kari Nordmann in Sports Club". One
// query per kind of record among the entries; a record since deleted keeps its id.
import type { Locale } from '$lib/i18n';
import { pickLocalized } from '../content/localize';
import type { Db } from '../db';

interface Subject {
	subjectType: string;
	subjectId: string;
}

type Lookup = (db: Db, ids: string[], locale: Locale) => Promise<[string, string][]>;

const localized =
	(table: 'events' | 'news' | 'jobs' | 'projects', field: 'title'): Lookup =>
	async (db, ids, locale) =>
		(
			await db
				.selectFrom(table)
				.select(['id', `${field}_no`, `${field}_en`])
				.where('id', 'in', ids)
				.execute()
		).map((r) => [r.id, pickLocalized(r, field, locale).text]);

const LOOKUPS: Record<string, Lookup> = {
	event: localized('events', 'title'),
	news: localized('news', 'title'),
	job: localized('jobs', 'title'),
	project: localized('projects', 'title'),
	unit: async (db, ids, locale) =>
		(
			await db
				.selectFrom('units')
				.select(['id', 'name_no', 'name_en'])
				.where('id', 'in', ids)
				.execute()
		).map((r) => [r.id, pickLocalized(r, 'name', locale).text]),
	page: async (db, ids, locale) =>
		(
			await db
				.selectFrom('pages')
				.select(['slug', 'title_no', 'title_en'])
				.where('slug', 'in', ids)
				.execute()
		).map((r) => [r.slug, pickLocalized(r, 'title', locale).text]),
	campus: async (db, ids) =>
		(await db.selectFrom('campuses').select(['id', 'name']).where('id', 'in', ids).execute()).map(
			(r) => [r.id, r.name]
		),
	product: async (db, ids, locale) =>
		(
			await db
				.selectFrom('products')
				.select(['id', 'name_no', 'name_en'])
				.where('id', 'in', ids)
				.execute()
		).map((r) => [r.id, pickLocalized(r, 'name', locale).text]),
	user: async (db, ids) =>
		(await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()).map(
			(r) => [r.id, r.name]
		),
	expense_claim: async (db, ids) =>
		(
			await db
				.selectFrom('expense_claims')
				.select(['id', 'purpose'])
				.where('id', 'in', ids)
				.execute()
		).map((r) => [r.id, r.purpose]),
	// An order has no name; its id's first characters are how the shop pages show it.
	order: async (_db, ids) => ids.map((id) => [id, id.slice(0, 8)]),
	contact_message: async (db, ids) =>
		(
			await db
				.selectFrom('contact_messages')
				.select(['id', 'subject'])
				.where('id', 'in', ids)
				.execute()
		).map((r) => [r.id, r.subject])
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
