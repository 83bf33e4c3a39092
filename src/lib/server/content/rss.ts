// RSS 2.0 of the news list, newest first.
import { escapeXml } from './xml';

export interface FeedItem {
	title: string;
	summary: string;
	url: string;
	publishedAt: string;
}

export function toRss(
	items: FeedItem[],
	channel: { title: string; description: string; link: string; self: string; language: string }
): string {
	const entries = items.map(
		(item) =>
			'<item>' +
			`<title>${escapeXml(item.title)}</title>` +
			`<link>${escapeXml(item.url)}</link>` +
			`<guid isPermaLink="true">${escapeXml(item.url)}</guid>` +
			`<pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate>` +
			`<description>${escapeXml(item.summary)}</description>` +
			'</item>'
	);
	const latest = items[0]?.publishedAt;
	return (
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		'<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>' +
		`<title>${escapeXml(channel.title)}</title>` +
		`<link>${escapeXml(channel.link)}</link>` +
		`<description>${escapeXml(channel.description)}</description>` +
		`<language>${channel.language}</language>` +
		`<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>` +
		(latest ? `<lastBuildDate>${new Date(latest).toUTCString()}</lastBuildDate>` : '') +
		entries.join('') +
		'</channel></rss>\n'
	);
}
