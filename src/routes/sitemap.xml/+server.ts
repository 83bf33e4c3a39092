import { baseLocale, locales } from '$lib/i18n';
import { services } from '$lib/server/app';
import { sitemapXml } from '$lib/server/content/sitemap';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ url }) => {
	const { content, config } = services();
	const xml = sitemapXml(
		config.PUBLIC_ORIGIN ?? url.origin,
		await content.sitemapPaths(),
		locales,
		baseLocale
	);
	return new Response(xml, {
		headers: {
			'content-type': 'application/xml; charset=utf-8',
			'cache-control': 'public, max-age=3600'
		}
	});
};
