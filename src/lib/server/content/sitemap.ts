// What /sitemap.xml lists: every public page path (unlocalized) and every content item's page.
// Private and per-visitor pages (cart, checkout, orders, profile, expenses, sign-in, search
// results) are left out on purpose; robots.txt keeps crawlers off them too.
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

/** Unlocalized paths, each once, pages first and then content items by kind. */
export function sitemapPaths(items: SitemapItems): string[] {
	const paths = [
		...LISTED_PAGES,
		...items.policies.map((slug) => `/${slug}`),
		...items.events.map((id) => `/events/${encodeURIComponent(id)}`),
		...items.news.map((id) => `/news/${encodeURIComponent(id)}`),
		...items.jobs.map((slug) => `/jobs/${encodeURIComponent(slug)}`),
		...items.units.map((id) => `/units/${encodeURIComponent(id)}`),
		...items.projects.map((slug) => `/projects/${encodeURIComponent(slug)}`),
		...items.products.map((slug) => `/shop/${encodeURIComponent(slug)}`)
	];
	return [...new Set(paths)];
}

/** A sitemap with one <url> per path and locale, each naming its alternates and x-default. */
export function sitemapXml(
	origin: string,
	paths: string[],
	locales: readonly string[],
	defaultLocale: string
): string {
	const at = (locale: string, path: string) =>
		escapeXml(origin + (path === '/' ? `/${locale}` : `/${locale}${path}`));
	const urls = paths.flatMap((path) =>
		locales.map((locale) => {
			const alternates = [
				...locales.map(
					(alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${at(alt, path)}"/>`
				),
				`<xhtml:link rel="alternate" hreflang="x-default" href="${at(defaultLocale, path)}"/>`
			];
			return `<url><loc>${at(locale, path)}</loc>${alternates.join('')}</url>`;
		})
	);
	return (
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
		urls.join('\n') +
		'\n</urlset>\n'
	);
}
