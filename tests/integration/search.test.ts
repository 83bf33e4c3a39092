// Site search over real HTTP: a GET form in the header and on /search, results in the page
// locale from every kind of content, nothing that is not public yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../helpers/fixtures';
import { mainText } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server?.stop());

async function search(locale: string, q: string) {
	const res = await fetch(`${server.url}/${locale}/search?q=${encodeURIComponent(q)}`);
	expect(res.status).toBe(200);
	const html = await res.text();
	const hits = [...html.matchAll(/data-testid="search-hit"[\s\S]*?<a href="([^"]+)"/g)].map(
		(m) => m[1]
	);
	const text = mainText(html);
	return { html, hits, text };
}

describe('site search', () => {
	it('finds events and products by title in the page language, linking in that language', async () => {
		const en = await search('en', 'christmas');
		expect(en.hits).toContain('/en/events/evt-julebord');
		expect(en.hits).toContain('/en/shop/julebord-ticket');
		expect(en.text).toContain('Event');
		const no = await search('no', 'julebord');
		expect(no.hits[0]).toMatch(/^\/no\//);
		expect(no.hits).toContain('/no/events/evt-julebord');
	});

	it('searches only the current locale’s text', async () => {
		expect((await search('no', 'generalforsamlingen')).hits.length).toBeGreaterThan(0);
		const en = await search('en', 'generalforsamlingen');
		expect(en.hits).toEqual([]);
		expect(en.text).toContain('Nothing matched “generalforsamlingen”');
	});

	it('ignores case and needs every word', async () => {
		expect((await search('no', 'GRØNN campus')).hits).toContain('/no/projects/green-campus');
		expect((await search('no', 'grønn kjeller')).hits).toEqual([]);
	});

	it('covers pages, news, jobs and units', async () => {
		expect((await search('en', 'bylaws')).hits).toContain('/en/about/bylaws');
		expect((await search('en', 'new board elected')).hits).toContain('/en/news/news-new-board');
		expect((await search('en', 'treasurer')).hits).toContain('/en/jobs/treasurer-oslo');
		expect((await search('en', 'sports club')).hits).toContain('/en/units/sport-bergen');
	});

	it('does not find news scheduled for later', async () => {
		withDb(server.dbFile, (db) =>
			db
				.prepare(
					"insert into news (id, published_at, title_no, title_en) values ('news-later', ?, 'Hemmelig nyhet', 'Secret scoop')"
				)
				.run(new Date(Date.now() + 86_400_000).toISOString())
		);
		expect((await search('en', 'secret scoop')).hits).toEqual([]);
	});

	it('asks for more than one letter and shows no results section without a query', async () => {
		expect((await search('en', 'a')).text).toContain('Write at least two letters to search.');
		const empty = await search('en', '');
		expect(empty.text).not.toContain('Results for');
	});

	it('keeps the query in the search field and is not indexed', async () => {
		const { html } = await search('en', 'career <day>');
		expect(html).toMatch(
			/<input id="search-page-q" type="search" name="q" value="career &lt;day>"/
		);
		expect(html).toContain('<meta name="robots" content="noindex"');
	});
});

describe('header search box', () => {
	it('is a GET form to the search page of the current locale on every page', async () => {
		for (const path of ['/en', '/no/events', '/en/about/history']) {
			const html = await (await fetch(server.url + path)).text();
			const locale = path.split('/')[1];
			expect(html).toMatch(
				new RegExp(`<form role="search" aria-label="[^"]+" method="GET" action="/${locale}/search"`)
			);
			expect(html).toMatch(/<input id="header-search" type="search" name="q"/);
		}
	});
});
