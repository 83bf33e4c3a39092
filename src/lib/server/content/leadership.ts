// Campus leadership as the API serves it: the leaders of each campus's units, from the team roles
// (the one record of who leads a unit), as plain strings in one locale — a public title, else the
// role's word; no addresses — cached in memory for a short time with an ETag, because every page
// of a campus site may ask for it. A change to the database (this instance's or, on PostgreSQL,
// another's; a team role's too) clears it at once.
import { createHash } from 'node:crypto';
import { roleTitle } from '$lib/identity/words';
import type { Locale } from '$lib/i18n';
import type { CampusLeadership } from '$lib/schemas/api';
import type { ContentStore } from './types';

export interface CachedLeadership {
	body: CampusLeadership;
	etag: string;
}

export function leadershipService(
	store: ContentStore,
	options: {
		ttlSeconds: number;
		/** Whether another process changed the database since last asked (it then clears this). */
		changedElsewhere?: () => boolean;
	}
) {
	const cache = new Map<string, { value: CachedLeadership; expiresAt: number }>();

	async function load(locale: Locale, campusId: string | undefined): Promise<CachedLeadership> {
		const campuses = await store.campusLeaders(locale, campusId);
		const body: CampusLeadership = {
			locale,
			campuses: campuses.map((c) => ({
				id: c.id,
				name: c.name,
				leaders: c.leaders.map((l) => ({
					name: l.name,
					role: l.title?.text ?? roleTitle(l.role, locale),
					unit: { id: l.unit.id, name: l.unit.name.text }
				}))
			}))
		};
		const hash = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
		return { body, etag: `"${hash.slice(0, 27)}"` };
	}

	return {
		/** The ids a `campus` filter may name. */
		async campusIds(): Promise<string[]> {
			return (await store.campuses()).map((c) => c.id);
		},

		async leadership(
			locale: Locale,
			campusId?: string,
			now = Date.now()
		): Promise<CachedLeadership> {
			const key = `${locale}:${campusId ?? '*'}`;
			if (options.changedElsewhere?.()) cache.clear();
			const hit = cache.get(key);
			if (hit && hit.expiresAt > now) return hit.value;
			const value = await load(locale, campusId);
			cache.set(key, { value, expiresAt: now + options.ttlSeconds * 1000 });
			return value;
		},

		/** Forgets what is kept: called when the database changed, here or on another instance. */
		clear() {
			cache.clear();
		}
	};
}

export type LeadershipService = ReturnType<typeof leadershipService>;
