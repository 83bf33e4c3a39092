// The public pages: one by its path, and those under a folder (the policies).
import type { Db } from '../../db';
import { pickLocalized, pickRich } from '../localize';
import type { ContentStore } from '../types';
import { isPublic } from '../visibility';

export function pagesSql(db: Db): Pick<ContentStore, 'page' | 'pagesUnder'> {
	return {
		async page(locale, slug, now) {
			const r = await db
				.selectFrom('pages')
				.selectAll()
				.where('slug', '=', slug)
				.where(isPublic('pages', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				slug: r.slug,
				title: pickLocalized(r, 'title', locale),
				summary: pickLocalized(r, 'summary', locale),
				body: pickRich(r, 'body', locale)
			};
		},
		async pagesUnder(locale, prefix, now) {
			const rows = await db
				.selectFrom('pages')
				.select(['slug', 'title_no', 'title_en'])
				.where('slug', 'like', `${prefix.replace(/[%_]/g, '')}%`)
				.where(isPublic('pages', now))
				.orderBy('slug')
				.execute();
			return rows.map((r) => ({ slug: r.slug, title: pickLocalized(r, 'title', locale) }));
		}
	};
}
