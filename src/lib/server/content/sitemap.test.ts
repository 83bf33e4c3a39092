import { describe, expect, it } from 'vitest';
import { sitemapPaths, sitemapXml } from './sitemap';

const none = {
	events: [],
	news: [],
	jobs: [],
	units: [],
	projects: [],
	policies: [],
	products: []
};

describe('sitemap', () => {
	it('lists the fixed pages once and each content item under its section', () => {
		const paths = sitemapPaths({
			...none,
			events: [{ no: 'evt-1', en: 'evt-1' }],
			policies: ['policies/privacy-at-events'],
			products: ['hoodie']
		});
		const no = paths.map((p) => p.no);
		expect(no).toContain('/');
		expect(no).toContain('/about/bylaws');
		expect(no).toContain('/events/evt-1');
		expect(no).toContain('/policies/privacy-at-events');
		expect(no).toContain('/shop/hoodie');
		expect(no.filter((p) => p === '/contact')).toHaveLength(1);
		expect(paths.find((p) => p.no === '/contact')).toEqual({ no: '/contact', en: '/contact' });
	});

	it('gives a news item its address in each language, each naming the other as its alternate', () => {
		const paths = sitemapPaths({ ...none, news: [{ no: 'nytt-styre', en: 'new-board' }] });
		expect(paths).toContainEqual({ no: '/news/nytt-styre', en: '/news/new-board' });
		const xml = sitemapXml('https://o.example', paths, ['no', 'en'], 'no');
		const english = xml
			.split('\n')
			.find((l) => l.includes('<loc>https://o.example/en/news/new-board</loc>'));
		expect(english).toContain('hreflang="no" href="https://o.example/no/news/nytt-styre"');
		expect(xml).not.toContain('https://o.example/en/news/nytt-styre');
	});

	it('writes one URL per locale with escaped addresses and alternates', () => {
		const same = (p: string) => ({ no: p, en: p });
		const xml = sitemapXml('https://o.example', [same('/'), same('/news/a&b')], ['no', 'en'], 'no');
		expect(xml.match(/<url>/g)).toHaveLength(4);
		expect(xml).toContain('<loc>https://o.example/no</loc>');
		expect(xml).toContain('<loc>https://o.example/en/news/a&amp;b</loc>');
		expect(xml).toContain('hreflang="x-default" href="https://o.example/no/news/a&amp;b"');
	});
});
