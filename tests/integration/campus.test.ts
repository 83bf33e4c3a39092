// The campus choice over real HTTP: a cookie set by a plain form post that filters events, units,
// the home page and the campus leadership until it is changed or cleared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSetCookie } from '../helpers/fixtures';
import { mainText, postForm } from '../helpers/http';
import { teamMember } from '../helpers/identity';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server?.stop());

const choose = (campus: string, redirectTo = '/en/events') =>
	postForm(server.url, '/en/choose-campus', { campus, redirectTo });

async function page(path: string, campus?: string): Promise<string> {
	const res = await fetch(server.url + path, {
		headers: campus ? { cookie: `campus=${campus}` } : {}
	});
	expect(res.status).toBe(200);
	return mainText(await res.text());
}

describe('choosing a campus', () => {
	it('sets a year-long campus cookie and goes back to the page it came from', async () => {
		const res = await choose('bergen', '/en/events?category=sport');
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/en/events?category=sport');
		const cookie = parseSetCookie(res.headers.getSetCookie().find((c) => c.startsWith('campus='))!);
		expect(cookie.value).toBe('bergen');
		expect(cookie.attrs).toMatchObject({ path: '/', httponly: true, samesite: 'Lax' });
		expect(Number(cookie.attrs['max-age'])).toBe(365 * 86_400);
	});

	it('"all campuses" clears the cookie; an unknown campus is not stored', async () => {
		for (const value of ['', 'mars']) {
			const res = await choose(value);
			const raw = res.headers.getSetCookie().find((c) => c.startsWith('campus='));
			expect(raw && parseSetCookie(raw).attrs['max-age']).toBe('0');
		}
	});

	it('never sends the visitor to another site', async () => {
		const res = await choose('oslo', '//evil.example/');
		expect(res.headers.get('location')).toBe('/en');
	});

	it('marks the chosen campus in the header selector', async () => {
		const html = await (
			await fetch(`${server.url}/no/news`, { headers: { cookie: 'campus=trondheim' } })
		).text();
		expect(html).toMatch(/<option value="trondheim" selected/);
	});
});

describe('the chosen campus filters the site', () => {
	it('events: only that campus unless the filter says otherwise', async () => {
		const bergen = await page('/en/events', 'bergen');
		expect(bergen).toContain('Career day');
		expect(bergen).not.toContain('Christmas party');
		const all = await page('/en/events?campus=', 'bergen');
		expect(all).toContain('Christmas party');
		const oslo = await page('/en/events?campus=oslo', 'bergen');
		expect(oslo).toContain('Christmas party');
		expect(oslo).not.toContain('Career day');
	});

	it('home page: the next events of that campus', async () => {
		const text = await page('/en', 'oslo');
		expect(text).toContain('Christmas party');
		expect(text).not.toContain('Career day');
	});

	it('units: only that campus, or all with ?campus=', async () => {
		const bergen = await page('/en/units', 'bergen');
		expect(bergen).toContain('Sports Club');
		expect(bergen).not.toContain('Oslo Board');
		const all = await page('/en/units?campus=', 'bergen');
		expect(all).toContain('Oslo Board');
		expect(all).toContain('Sports Club');
	});

	it('units by type, combined with the campus, with links that keep the other filter', async () => {
		const boards = await page('/en/units?campus=&type=board');
		expect(boards).toContain('Oslo Board');
		expect(boards).toContain('Trondheim Board');
		expect(boards).not.toContain('Events Committee');
		const osloBoards = await page('/en/units?type=board', 'oslo');
		expect(osloBoards).toContain('Oslo Board');
		expect(osloBoards).not.toContain('Trondheim Board');
		const html = await (await fetch(`${server.url}/en/units?campus=oslo&type=board`)).text();
		expect(html).toMatch(/<a href="\/en\/units\?campus=bergen&amp;type=board"/);
		expect(html).toMatch(
			/<a href="\/en\/units\?campus=oslo" aria-current|<a href="\/en\/units\?campus=oslo"[^>]*>All types/
		);
		expect(html).toMatch(/<a href="\/en\/units\?campus=oslo&amp;type=board" aria-current="page"/);
		expect(await page('/en/units?campus=&type=nothing')).toContain(
			'No units have been registered yet.'
		);
	});

	it('campus leadership: the leaders of that campus’s units, all without a choice', async () => {
		for (const [name, unitId, role] of [
			['Ingrid Solberg', 'board-oslo', 'leader'],
			['Sara Haugen', 'sport-bergen', 'leader'],
			['Emil Nilsen', 'board-trondheim', 'leader'],
			['Fie Finans', 'sport-bergen', 'finance']
		] as const) {
			teamMember(server.dbFile, { name, unitId, role });
		}
		const bergen = await page('/en/campus', 'bergen');
		expect(bergen).toContain('Sports Club');
		expect(bergen).not.toContain('Fie Finans');
		expect(bergen).toContain('Sara Haugen');
		expect(bergen).not.toContain('Ingrid Solberg');
		const all = await page('/en/campus');
		for (const name of ['Ingrid Solberg', 'Sara Haugen', 'Emil Nilsen'])
			expect(all).toContain(name);
	});

	it('a cookie naming no campus is ignored', async () => {
		const text = await page('/en/events', 'mars');
		expect(text).toContain('Career day');
		expect(text).toContain('Christmas party');
	});
});
