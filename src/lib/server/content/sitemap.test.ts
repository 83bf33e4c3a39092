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
			events: ['evt-1'],
			policies: ['policies/privacy-at-events'],
			products: ['hoodie']
		});
		expect(paths).toContain('/');
		expect(paths).toContain('/about/bylaws');
		expect(paths).toContain('/events/evt-1');
		expect(paths).toContain('/policies/privacy-at-events');
		expect(paths).toContain('/shop/hoodie');
		expect(paths.filter((p) => p === '/contact')).toHaveLength(1);
	});

	it('writes one URL per locale with escaped addresses and alternates', () => {
		const xml = sitemapXml('https://o.example', ['/', '/news/a&b'], ['no', 'en'], 'no');
		expect(xml.match(/<url>/g)).toHaveLength(4);
		expect(xml).toContain('<loc>https://o.example/no</loc>');
		expect(xml).toContain('<loc>https://o.example/en/news/a&amp;b</loc>');
		expect(xml).toContain('hreflang="x-default" href="https://o.example/no/news/a&amp;b"');
	});
});
