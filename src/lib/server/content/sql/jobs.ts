// The public jobs: those still open, and one job.
import type { Selectable } from 'kysely';
import type { Locale } from '$lib/i18n';
import type { Db } from '../../db';
import type { JobsTable } from '../../db/schema';
import { pickLocalized, pickRich } from '../localize';
import type { ContentStore, JobSummary } from '../types';
import { isPublic } from '../visibility';
import { unitRef } from './units';

function jobSummary(r: Selectable<JobsTable>, locale: Locale): JobSummary {
	return {
		id: r.id,
		slug: r.slug,
		title: pickLocalized(r, 'title', locale),
		summary: pickLocalized(r, 'summary', locale),
		deadline: r.deadline
	};
}

export function jobsSql(db: Db): Pick<ContentStore, 'openJobs' | 'job'> {
	return {
		async openJobs(locale, now) {
			const rows = await db
				.selectFrom('jobs')
				.selectAll()
				.where('deadline', '>=', now)
				.where(isPublic('jobs', now))
				.orderBy('deadline')
				.execute();
			return rows.map((r) => jobSummary(r, locale));
		},
		async job(locale, slug, now) {
			const r = await db
				.selectFrom('jobs')
				.selectAll()
				.where('slug', '=', slug)
				.where(isPublic('jobs', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				...jobSummary(r, locale),
				body: pickRich(r, 'body', locale),
				applyUrl: r.apply_url,
				unit: await unitRef(db, locale, r.unit_id, now)
			};
		}
	};
}
