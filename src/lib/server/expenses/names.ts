// The names a claim's pages and PDF print instead of ids: the claimant, campus, unit, event or
// project (both locales; the page picks), and everyone in the audit trail. One round of queries
// per claim, read outside any transaction.
import type { Db } from '../db';

export interface Localized {
	no: string;
	en: string;
}

export interface ClaimNames {
	claimant: { name: string; email: string | null };
	campus: string;
	unit: Localized;
	event: Localized | null;
	project: Localized | null;
	/** User id → name, for the people in the trail; "system:…" actors are absent. */
	people: Record<string, string>;
}

export async function claimNames(
	db: Db,
	claim: {
		claimant_id: string;
		campus_id: string;
		unit_id: string;
		event_id: string | null;
		project_id: string | null;
	},
	actorIds: string[]
): Promise<ClaimNames> {
	const userIds = [...new Set([claim.claimant_id, ...actorIds.filter((a) => !a.includes(':'))])];
	const [users, campus, unit, event, project] = await Promise.all([
		db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', userIds).execute(),
		db.selectFrom('campuses').select('name').where('id', '=', claim.campus_id).executeTakeFirst(),
		db
			.selectFrom('units')
			.select(['name_no', 'name_en'])
			.where('id', '=', claim.unit_id)
			.executeTakeFirst(),
		claim.event_id
			? db
					.selectFrom('events')
					.select(['title_no', 'title_en'])
					.where('id', '=', claim.event_id)
					.executeTakeFirst()
			: undefined,
		claim.project_id
			? db
					.selectFrom('projects')
					.select(['title_no', 'title_en'])
					.where('id', '=', claim.project_id)
					.executeTakeFirst()
			: undefined
	]);
	const claimant = users.find((u) => u.id === claim.claimant_id);
	return {
		claimant: { name: claimant?.name ?? '', email: claimant?.email ?? null },
		campus: campus?.name ?? claim.campus_id,
		unit: unit ? { no: unit.name_no, en: unit.name_en } : { no: claim.unit_id, en: claim.unit_id },
		event: event ? { no: event.title_no, en: event.title_en } : null,
		project: project ? { no: project.title_no, en: project.title_en } : null,
		people: Object.fromEntries(users.map((u) => [u.id, u.name]))
	};
}
