// What reads across the kinds: the search's documents, the sitemap's items, whether an image
// belongs to something public, and where an old address leads.
import type { Db } from '../../db';
import { pickLocalized } from '../localize';
import type { ContentStore, SearchDoc } from '../types';
import { isPublic } from '../visibility';
import { slugsOf } from './names';

export function siteSql(
	db: Db
): Pick<ContentStore, 'searchDocs' | 'imageIsPublic' | 'slugRedirect' | 'sitemapItems'> {
	return {
		async searchDocs(locale, now) {
			const [pages, events, news, jobs, units, projects, products] = await Promise.all([
				db.selectFrom('pages').selectAll().where(isPublic('pages', now)).execute(),
				db.selectFrom('events').selectAll().where(isPublic('events', now)).execute(),
				db.selectFrom('news').selectAll().where(isPublic('news', now)).execute(),
				db.selectFrom('jobs').selectAll().where(isPublic('jobs', now)).execute(),
				db.selectFrom('units').selectAll().where(isPublic('units', now)).execute(),
				db.selectFrom('projects').selectAll().where(isPublic('projects', now)).execute(),
				db.selectFrom('products').selectAll().where('active', '=', 1).execute()
			]);
			const doc = (
				kind: SearchDoc['kind'],
				path: string,
				row: Record<string, unknown>,
				fields: { title: string; summary: string; body: string },
				date: string | null = null
			): SearchDoc => ({
				kind,
				path,
				title: pickLocalized(row, fields.title, locale),
				summary: pickLocalized(row, fields.summary, locale),
				body: pickLocalized(row, fields.body, locale).text,
				date
			});
			const text = { title: 'title', summary: 'summary', body: 'body' };
			return [
				...pages.map((r) => ({
					...doc('page', `/${r.slug}`, r, text),
					keywords: r[`keywords_${locale}`]
				})),
				...events.map((r) => doc('event', `/events/${slugsOf(r)[locale]}`, r, text, r.starts_at)),
				...news.map((r) => doc('news', `/news/${slugsOf(r)[locale]}`, r, text, r.published_at)),
				...jobs.map((r) => doc('job', `/jobs/${r.slug}`, r, text, r.deadline)),
				...units.map((r) => doc('unit', `/units/${r.id}`, r, { ...text, title: 'name' })),
				...projects.map((r) => doc('project', `/projects/${r.slug}`, r, text)),
				...products.map((r) =>
					doc('product', `/shop/${r.slug}`, r, {
						title: 'name',
						summary: 'description',
						body: 'description'
					})
				)
			];
		},
		async imageIsPublic(fileId, now) {
			const found = await Promise.all([
				db
					.selectFrom('events')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where(isPublic('events', now))
					.executeTakeFirst(),
				db
					.selectFrom('news')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where(isPublic('news', now))
					.executeTakeFirst(),
				db
					.selectFrom('projects')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where(isPublic('projects', now))
					.executeTakeFirst(),
				db
					.selectFrom('units')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where(isPublic('units', now))
					.executeTakeFirst(),
				db
					.selectFrom('products')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where('active', '=', 1)
					.executeTakeFirst()
			]);
			return found.some(Boolean);
		},
		async slugRedirect(kind, slug) {
			const row = await db
				.selectFrom('slug_redirects')
				.select('target')
				.where('kind', '=', kind)
				.where('slug', '=', slug)
				.executeTakeFirst();
			return row?.target ?? null;
		},
		async sitemapItems(now) {
			const [events, news, jobs, units, projects, policies, products] = await Promise.all([
				db
					.selectFrom('events')
					.select(['id', 'slug_en'])
					.where(isPublic('events', now))
					.orderBy('starts_at')
					.execute(),
				db
					.selectFrom('news')
					.select(['id', 'slug_en'])
					.where(isPublic('news', now))
					.orderBy('published_at')
					.execute(),
				db.selectFrom('jobs').select('slug').where(isPublic('jobs', now)).orderBy('slug').execute(),
				db.selectFrom('units').select('id').where(isPublic('units', now)).orderBy('sort').execute(),
				db
					.selectFrom('projects')
					.select('slug')
					.where(isPublic('projects', now))
					.orderBy('slug')
					.execute(),
				db
					.selectFrom('pages')
					.select('slug')
					.where('slug', 'like', 'policies/%')
					.where(isPublic('pages', now))
					.execute(),
				// As the shop lists them: membership periods are on /membership, which the sitemap has.
				db
					.selectFrom('products')
					.select('slug')
					.where('active', '=', 1)
					.where('category', '!=', 'membership')
					.orderBy('slug')
					.execute()
			]);
			return {
				events: events.map(slugsOf),
				news: news.map(slugsOf),
				jobs: jobs.map((r) => r.slug),
				units: units.map((r) => r.id),
				projects: projects.map((r) => r.slug),
				policies: policies.map((r) => r.slug),
				products: products.map((r) => r.slug)
			};
		}
	};
}
