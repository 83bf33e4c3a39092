// The events list beyond the basics (pagination, date filter), the .ics download and iCal feed
// (parsed, times checked against Oslo's wall clock), and the news RSS feed, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../helpers/fixtures';
import { osloBasic, parseICalendar, prop, text, type Component } from '../helpers/ical';
import { mainText } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server?.stop());

const get = (path: string) => fetch(server.url + path, { redirect: 'manual' });
const eventRow = (id: string) =>
	withDb(server.dbFile, (db) =>
		db.prepare('select starts_at, ends_at from events where id = ?').get(id)
	) as { starts_at: string; ends_at: string };
const vevents = (cal: Component) => cal.components.filter((c) => c.type === 'VEVENT');

describe('events list: pages and dates', () => {
	const DAY = 86_400_000;
	beforeAll(() => {
		// 26 culture events in Trondheim, one a day from 40 days ahead, at 18:00 Oslo time.
		const first = new Date(Date.now() + 40 * DAY);
		first.setUTCHours(17, 0, 0, 0);
		withDb(server.dbFile, (db) => {
			const insert = db.prepare(
				`insert into events (id, campus_id, category, location, starts_at, ends_at, title_no, title_en)
				 values (?, 'trondheim', 'culture', 'Samfundet', ?, ?, ?, ?)`
			);
			for (let i = 0; i < 26; i++) {
				const start = new Date(first.getTime() + i * DAY);
				const n = String(i + 1).padStart(2, '0');
				insert.run(
					`evt-culture-${n}`,
					start.toISOString(),
					new Date(start.getTime() + 2 * 3_600_000).toISOString(),
					`Kulturkveld ${n}`,
					`Culture night ${n}`
				);
			}
		});
	});

	const cards = (html: string) => html.match(/data-testid="event-card"/g)?.length ?? 0;

	it('shows twelve events a page with links to the next and previous pages', async () => {
		const first = await (await get('/en/events?category=culture')).text();
		expect(cards(first)).toBe(12);
		expect(mainText(first)).toContain('Page 1 of 3');
		expect(mainText(first)).toContain('Culture night 01');
		expect(first).toMatch(
			/<a href="\/en\/events\?category=culture&amp;page=2&amp;campus=" rel="next"/
		);

		const third = await (await get('/en/events?category=culture&page=3')).text();
		expect(cards(third)).toBe(2);
		expect(mainText(third)).toContain('Culture night 26');
		expect(mainText(third)).not.toContain('Culture night 12');
		expect(third).toMatch(/rel="prev"/);
		expect(third).not.toMatch(/<a [^>]*rel="next"/);
	});

	it('answers 404 for a page past the end and page 1 for nonsense', async () => {
		expect((await get('/en/events?category=culture&page=4')).status).toBe(404);
		const res = await get('/en/events?category=culture&page=abc');
		expect(res.status).toBe(200);
		expect(mainText(await res.text())).toContain('Page 1 of 3');
	});

	it('filters by Oslo calendar days, both ends included', async () => {
		const { starts_at } = eventRow('evt-culture-05');
		const day = osloBasic(starts_at)
			.slice(0, 8)
			.replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3');
		const one = mainText(await (await get(`/en/events?from=${day}&to=${day}`)).text());
		expect(one).toContain('Culture night 05');
		expect(one).not.toContain('Culture night 04');
		expect(one).not.toContain('Culture night 06');
		const from = mainText(await (await get(`/en/events?category=culture&from=${day}`)).text());
		expect(from).toContain('Culture night 05');
		expect(from).not.toContain('Culture night 04');
	});

	it('keeps the dates in the filter form and ignores dates that do not exist', async () => {
		const html = await (await get('/en/events?from=2030-01-02&to=2030-02-31')).text();
		expect(html).toMatch(/<input type="date" name="from" value="2030-01-02"/);
		expect(html).toMatch(/<input type="date" name="to" value=""/);
	});
});

describe('"add to calendar" (.ics)', () => {
	it('downloads one event with Oslo times, place and link', async () => {
		const res = await get('/en/events/evt-julebord/calendar.ics');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
		expect(res.headers.get('content-disposition')).toBe('attachment; filename="evt-julebord.ics"');
		const body = await res.text();
		for (const line of body.split('\r\n')) {
			expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
		}
		const cal = parseICalendar(body);
		expect(cal.type).toBe('VCALENDAR');
		expect(prop(cal, 'VERSION')?.value).toBe('2.0');
		expect(cal.components.find((c) => c.type === 'VTIMEZONE')?.properties[0]).toMatchObject({
			name: 'TZID',
			value: 'Europe/Oslo'
		});
		const [event] = vevents(cal);
		expect(vevents(cal)).toHaveLength(1);
		const row = eventRow('evt-julebord');
		expect(prop(event!, 'DTSTART')).toEqual({
			name: 'DTSTART',
			params: { TZID: 'Europe/Oslo' },
			value: osloBasic(row.starts_at)
		});
		expect(prop(event!, 'DTEND')?.value).toBe(osloBasic(row.ends_at));
		expect(prop(event!, 'DTSTART')?.value).toMatch(/T190000$/);
		expect(text(event!, 'SUMMARY')).toBe('Christmas party');
		expect(text(event!, 'LOCATION')).toBe('Chateau Neuf, Oslo');
		expect(text(event!, 'URL')).toBe(`${server.url}/en/events/evt-julebord`);
		expect(text(event!, 'UID')).toBe(`evt-julebord@${new URL(server.url).host}`);
		expect(prop(event!, 'DTSTAMP')?.value).toMatch(/^\d{8}T\d{6}Z$/);
	});

	it('is in the page language and the same event (UID) in both', async () => {
		const no = vevents(
			parseICalendar(await (await get('/no/events/evt-julebord/calendar.ics')).text())
		);
		expect(text(no[0]!, 'SUMMARY')).toBe('Julebord');
		expect(text(no[0]!, 'UID')).toBe(`evt-julebord@${new URL(server.url).host}`);
	});

	it('keeps commas, semicolons, backslashes, newlines and long text intact', async () => {
		const summary = 'Mat, drikke; musikk \\ dans.\nTa med: godt humør! '.repeat(4) + 'Slutt ✓';
		withDb(server.dbFile, (db) =>
			db.prepare('update events set summary_no = ? where id = ?').run(summary, 'evt-debate')
		);
		const [event] = vevents(
			parseICalendar(await (await get('/no/events/evt-debate/calendar.ics')).text())
		);
		expect(text(event!, 'DESCRIPTION')).toBe(`${summary}\n\n${server.url}/no/events/evt-debate`);
	});

	it('answers 404 for an unknown event', async () => {
		expect((await get('/en/events/nope/calendar.ics')).status).toBe(404);
	});

	it('is linked from the event page', async () => {
		const html = await (await get('/en/events/evt-career')).text();
		expect(html).toMatch(/href="\/en\/events\/evt-career\/calendar.ics" download="evt-career.ics"/);
		expect(html).toContain('href="https://www.openstreetmap.org/search?query=');
	});
});

describe('iCal feed of upcoming events', () => {
	it('holds every upcoming event, soonest first, and no past one', async () => {
		const res = await get('/en/events/calendar.ics');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
		const events = vevents(parseICalendar(await res.text()));
		const summaries = events.map((e) => text(e, 'SUMMARY'));
		expect(summaries).toContain('Christmas party');
		expect(summaries).toContain('Career day');
		expect(summaries).toContain('Culture night 26');
		expect(summaries.some((s) => s?.startsWith('Debate'))).toBe(false);
		const starts = events.map((e) => prop(e, 'DTSTART')!.value);
		expect([...starts].sort()).toEqual(starts);
	});

	it('narrows to one campus with ?campus=', async () => {
		const events = vevents(
			parseICalendar(await (await get('/no/events/calendar.ics?campus=bergen')).text())
		);
		expect(events.map((e) => text(e, 'SUMMARY')).sort()).toEqual([
			'Karrieredag',
			'Klatrekveld for nybegynnere',
			// The demo's full cooking class (db/seed-registration.ts).
			'Matlagingskurs'
		]);
	});

	it('is announced on the events page', async () => {
		const html = await (await get('/en/events')).text();
		expect(html).toMatch(
			/<link rel="alternate" type="text\/calendar"[^>]*href="\/en\/events\/calendar.ics"/
		);
	});
});

describe('news RSS feed', () => {
	it('lists published news newest first with absolute links', async () => {
		const res = await get('/en/news/rss.xml');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
		const xml = await res.text();
		expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
		const titles = [...xml.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1]);
		expect(titles.indexOf('New board elected in Oslo')).toBeLessThan(
			titles.indexOf('The online shop is open')
		);
		expect(xml).toContain(`<link>${server.url}/en/news/news-new-board</link>`);
		expect(xml).toContain('<language>en</language>');
	});

	it('is announced on the news page', async () => {
		const html = await (await get('/no/news')).text();
		expect(html).toMatch(
			/<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/no\/news\/rss.xml"/
		);
	});
});
