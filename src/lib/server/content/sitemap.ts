// What /sitemap.xml lists: every public page and every content item's page, each with its path
// in each language (the same, but for items with an address of their own per language: events
// and news).
// Private and per-visitor pages (cart, checkout, orders, profile, expenses, sign-in, search
// results) are left out on purpose; robots.txt keeps crawlers off them too.
import type { Locale } from '$lib/i18n';
import { ABOUT_SECTIONS, STATIC_PAGES } from '$lib/pages';
import type { SitemapItems } from './types';
import { escapeXml } from './xml';

export const LISTED_PAGES: readonly string[] = [
	'/',
	'/about',
	...ABOUT_SECTIONS.map((s) => `/about/${s.slug}`),
	...STATIC_PAGES.map((slug) => `/${slug}`),
	'/contact',
	'/campus',
	'/events',
	'/news',
	'/jobs',
	'/units',
	'/projects',
	'/policies',
	'/shop',
	'/membership'
];

/** A page's path (unlocalized) in each language. */
export type SitemapEntry = Record<Locale, string>;

/** Each page once with its path per language, pages first and then content items by kind. */
export function sitemapPaths(items: SitemapItems): SitemapEntry[] {
	const same = (path: string): SitemapEntry => ({ no: path, en: path });
	const paths = [
		...LISTED_PAGES,
		...items.policies.map((slug) => `/${slug}`),
		...items.jobs.map((slug) => `/jobs/${encodeURIComponent(slug)}`),
		...items.units.map((id) => `/units/${encodeURIComponent(id)}`),
		...items.projects.map((slug) => `/projects/${encodeURIComponent(slug)}`),
		...items.products.map((slug) => `/shop/${encodeURIComponent(slug)}`)
	];
	const own = (section: string, slugs: SitemapEntry): SitemapEntry => ({
		no: `/${section}/${encodeURIComponent(slugs.no)}`,
		en: `/${section}/${encodeURIComponent(slugs.en)}`
	});
	return [
		...[...new Set(paths)].map(same),
		...items.events.map((slugs) => own('events', slugs)),
		...items.news.map((slugs) => own('news', slugs))
	];
}

/** A sitemap with one <url> per page and locale, each naming its alternates and x-default. */
export function sitemapXml(
	origin: string,
	entries: SitemapEntry[],
	locales: readonly Locale[],
	defaultLocale: Locale
): string {
	const at = (locale: Locale, entry: SitemapEntry) => {
		const path = entry[locale];
		return escapeXml(origin + (path === '/' ? `/${locale}` : `/${locale}${path}`));
	};
	const urls = entries.flatMap((entry) =>
		locales.map((locale) => {
			const alternates = [
				...locales.map(
					(alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${at(alt, entry)}"/>`
				),
				`<xhtml:link rel="alternate" hreflang="x-default" href="${at(defaultLocale, entry)}"/>`
			];
			return `<url><loc>${at(locale, entry)}</loc>${alternates.join('')}</url>`;
		})
	);
	return (
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
		urls.join('\n') +
		'\n</urlset>\n'
	);
}
