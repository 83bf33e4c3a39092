import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { toRss } from '$lib/server/content/rss';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ locals, url }) => {
	const { content, config } = services();
	const origin = config.PUBLIC_ORIGIN ?? url.origin;
	const news = (await content.news(locals.locale)).slice(0, 50);
	const xml = toRss(
		news.map((n) => ({
			title: n.title.text,
			summary: n.summary.text,
			url: origin + localizePath(`/news/${n.slug}`, locals.locale),
			publishedAt: n.publishedAt
		})),
		{
			title: m.news_rss_title(),
			description: m.news_description(),
			link: origin + localizePath('/news', locals.locale),
			self: origin + localizePath('/news/rss.xml', locals.locale),
			language: locals.locale === 'no' ? 'nb' : 'en'
		}
	);
	return new Response(xml, {
		headers: {
			'content-type': 'application/rss+xml; charset=utf-8',
			'cache-control': 'public, max-age=300'
		}
	});
};
