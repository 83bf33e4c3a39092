// The public projects: the list and one project.
import type { Selectable } from 'kysely';
import type { Locale } from '$lib/i18n';
import type { Db } from '../../db';
import type { ProjectsTable } from '../../db/schema';
import { pickLocalized, pickRich } from '../localize';
import type { ContentStore } from '../types';
import { isPublic } from '../visibility';
import { imageOf } from './media';
import { unitRef } from './units';

function projectSummary(r: Selectable<ProjectsTable>, locale: Locale) {
	return {
		id: r.id,
		slug: r.slug,
		title: pickLocalized(r, 'title', locale),
		summary: pickLocalized(r, 'summary', locale),
		status: r.status,
		startedAt: r.started_at
	};
}

export function projectsSql(db: Db): Pick<ContentStore, 'projects' | 'project'> {
	return {
		async projects(locale, now) {
			const rows = await db
				.selectFrom('projects')
				.selectAll()
				.where(isPublic('projects', now))
				.orderBy('sort')
				.orderBy('slug')
				.execute();
			return rows.map((r) => projectSummary(r, locale));
		},
		async project(locale, slug, now) {
			const r = await db
				.selectFrom('projects')
				.selectAll()
				.where('slug', '=', slug)
				.where(isPublic('projects', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				...projectSummary(r, locale),
				body: pickRich(r, 'body', locale),
				image: await imageOf(db, r, locale),
				unit: await unitRef(db, locale, r.unit_id, now)
			};
		}
	};
}
