// The public units and campuses: the list, one unit with its team and its goods' owner, and every
// campus's leaders; and whether a unit exists at all, for the forms that name one.
import type { Locale } from '$lib/i18n';
import type { Db } from '../../db';
import { publicTeam } from '../../identity/public-team';
import { pickLocalized, pickRich, titleOf } from '../localize';
import type { ContentStore } from '../types';
import { isPublic } from '../visibility';
import { imageOf } from './media';

/** Whether a unit with this id exists, public or not. */
export async function unitExists(db: Db, id: string): Promise<boolean> {
	const unit = await db.selectFrom('units').select('id').where('id', '=', id).executeTakeFirst();
	return unit !== undefined;
}

/** The public unit a record belongs to, named in the locale; null when none or not public. */
export async function unitRef(db: Db, locale: Locale, id: string | null, now: string) {
	if (id === null) return null;
	const u = await db
		.selectFrom('units')
		.select(['id', 'name_no', 'name_en'])
		.where('id', '=', id)
		.where(isPublic('units', now))
		.executeTakeFirst();
	return u ? { id: u.id, name: pickLocalized(u, 'name', locale) } : null;
}

export function unitsSql(
	db: Db
): Pick<ContentStore, 'campuses' | 'units' | 'unit' | 'unitTeam' | 'campusLeaders'> {
	return {
		async campuses() {
			return db.selectFrom('campuses').select(['id', 'name']).orderBy('sort').execute();
		},
		async units(locale, now) {
			const rows = await db
				.selectFrom('units')
				.selectAll()
				.where(isPublic('units', now))
				.orderBy('sort')
				.execute();
			return rows.map((r) => ({
				id: r.id,
				campusId: r.campus_id,
				type: r.type,
				name: pickLocalized(r, 'name', locale),
				summary: pickLocalized(r, 'summary', locale)
			}));
		},
		async unit(locale, id, now) {
			const r = await db
				.selectFrom('units')
				.innerJoin('campuses', 'campuses.id', 'units.campus_id')
				.selectAll('units')
				.select('campuses.name as campus_name')
				.where('units.id', '=', id)
				.where(isPublic('units', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				id: r.id,
				campusId: r.campus_id,
				type: r.type,
				name: pickLocalized(r, 'name', locale),
				summary: pickLocalized(r, 'summary', locale),
				body: pickRich(r, 'body', locale),
				image: await imageOf(db, r, locale),
				campusName: r.campus_name
			};
		},
		async unitTeam(locale, unitId) {
			return (await publicTeam(db, { unitId })).map((p) => ({
				id: p.userId,
				name: p.name,
				role: p.role,
				title: titleOf(p.title, locale)
			}));
		},
		async campusLeaders(locale, campusId) {
			let campusQuery = db.selectFrom('campuses').select(['id', 'name']).orderBy('sort');
			if (campusId) campusQuery = campusQuery.where('id', '=', campusId);
			let unitQuery = db.selectFrom('units').select(['id', 'name_no', 'name_en']);
			if (campusId) unitQuery = unitQuery.where('campus_id', '=', campusId);
			const [campuses, units, leaders] = await Promise.all([
				campusQuery.execute(),
				unitQuery.execute(),
				publicTeam(db, { campusId, roles: ['leader'] })
			]);
			const unitNames = new Map(units.map((u) => [u.id, pickLocalized(u, 'name', locale)]));
			return campuses.map((campus) => ({
				id: campus.id,
				name: campus.name,
				leaders: leaders
					.filter((l) => l.campusId === campus.id)
					.map((l) => ({
						name: l.name,
						role: l.role,
						title: titleOf(l.title, locale),
						unit: { id: l.unitId, name: unitNames.get(l.unitId)! }
					}))
			}));
		}
	};
}
