// The admin's content pages over HTTP against the built server: every page and action refuses
// visitors (to sign in), members and a leader of another unit (404, nothing changed), and lets an
// admin — and a unit's leader for their unit — create, preview, change and delete, each change
// leaving its audit record; the public side shows the change at once; a stale save is refused
// with what was typed kept; a renamed job's old address leads to the new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../src/lib/server/files/test-fixtures';
import { withDb } from '../helpers/fixtures';
import { eventForm } from '../helpers/event-form';
import { mainText } from '../helpers/http';
import { Browser } from '../helpers/identity';
import { startServer, type TestServer } from '../helpers/server';
import { staffBrowsers } from '../helpers/staff';

let server: TestServer;
beforeAll(async () => {
	server = await startServer({ ADMIN_EMAILS: 'admin@example.org' });
});
afterAll(() => server?.stop());

/** A browser signed in as the account of `email` (made on first use, with its team role). */
const as = staffBrowsers(() => server);

const audit = (subjectId: string) =>
	withDb(server.dbFile, (db) =>
		db
			.prepare('select actor, action, details from audit_log where subject_id = ? order by id')
			.all(subjectId)
	) as { actor: string; action: string; details: string }[];

const versionOf = (table: string, id: string) =>
	(
		withDb(server.dbFile, (db) =>
			db.prepare(`select version from ${table} where id = ?`).get(id)
		) as { version: number }
	).version;

const PAGES = [
	'/en/admin',
	'/en/admin/content/events',
	'/en/admin/content/events/new',
	'/en/admin/content/events/evt-julebord',
	'/no/admin/content/pages',
	'/no/admin/content/pages/about/history',
	'/en/admin/assistant'
];

describe('the admin content pages', () => {
	it('send visitors to sign in, and come back to the page', async () => {
		for (const path of PAGES) {
			const res = await fetch(server.url + path, { redirect: 'manual' });
			expect(res.status, path).toBe(303);
			expect(res.headers.get('location'), path).toBe(
				`/${path.slice(1, 3)}/auth/login?redirectTo=${encodeURIComponent(path)}`
			);
		}
		const post = await new Browser(server.url).post(
			'/en/admin/content/events/new?/save',
			eventForm()
		);
		expect(post.status).toBe(303);
		expect(post.headers.get('location')).toMatch(/\/auth\/login/);
	});

	it('are not found for a member, and change nothing', async () => {
		const { browser } = as('member@example.org', { unit: 'board-oslo', role: 'member' });
		for (const path of PAGES) expect((await browser.get(path)).status, path).toBe(404);
		const version = versionOf('events', 'evt-julebord');
		for (const [path, form] of [
			['/en/admin/content/events/new?/save', eventForm()],
			['/en/admin/content/events/evt-julebord?/save', eventForm({ version: String(version) })],
			[
				'/en/admin/content/events/evt-julebord?/delete',
				{ version: String(version), confirm: 'on' }
			],
			['/en/admin/content/events/evt-julebord?/preview', eventForm()]
		] as const) {
			expect((await browser.post(path, form)).status, path).toBe(404);
		}
		expect(versionOf('events', 'evt-julebord')).toBe(version);
		expect(audit('evt-julebord')).toEqual([]);
	});

	it('let a leader of another unit see their own unit’s content only', async () => {
		const { browser } = as('bergen@example.org', { unit: 'sport-bergen', role: 'leader' });
		const list = await browser.get('/en/admin/content/events');
		expect(list.status).toBe(200);
		const text = mainText(await list.text());
		expect(text).toContain('Climbing night');
		expect(text).not.toContain('Christmas party');
		expect((await browser.get('/en/admin/content/events/evt-julebord')).status).toBe(404);
		expect((await browser.get('/no/admin/content/pages')).status).toBe(404);
		const version = versionOf('events', 'evt-julebord');
		const refused = await browser.post(
			'/en/admin/content/events/evt-julebord?/save',
			eventForm({ version: String(version) })
		);
		expect(refused.status).toBe(404);
		const elsewhere = await browser.post('/en/admin/content/events/new?/save', eventForm());
		expect(elsewhere.status).toBe(400);
		expect(mainText(await elsewhere.text())).toContain('Choose one of your units.');
		expect(versionOf('events', 'evt-julebord')).toBe(version);
		expect(audit('vinterball')).toEqual([]);
	});

	it('let an admin create, preview, change and delete an event, each change audited and public at once', async () => {
		const { browser, userId } = as('admin@example.org');
		const created = await browser.post('/en/admin/content/events/new?/save', eventForm());
		expect(created.status).toBe(303);
		expect(created.headers.get('location')).toBe('/en/admin/content/events/vinterball?saved=1');
		expect(audit('vinterball')).toEqual([
			expect.objectContaining({ actor: userId, action: 'create' })
		]);
		// The English site names it by its English title; the Norwegian address leads there.
		const norwegianAddress = await browser.get('/en/events/vinterball');
		expect(norwegianAddress.status).toBe(301);
		expect(norwegianAddress.headers.get('location')).toBe('/en/events/winter-ball');
		const page = await browser.get('/en/events/winter-ball');
		expect(page.status).toBe(200);
		expect(await page.text()).toContain('Bring <strong>your best clothes</strong>.');

		const preview = await browser.post(
			'/en/admin/content/events/vinterball?/preview',
			eventForm({ body_en: 'A *new* line\n\n<script>alert(1)</script>' })
		);
		const previewHtml = await preview.text();
		expect(preview.status).toBe(200);
		expect(previewHtml).toContain('<p>A <em>new</em> line</p>');
		expect(previewHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
		expect(audit('vinterball')).toHaveLength(1);

		const version = versionOf('events', 'vinterball');
		const changed = await browser.post(
			'/en/admin/content/events/vinterball?/save',
			eventForm({ version: String(version), location: 'Chateau Neuf' })
		);
		expect(changed.status).toBe(303);
		expect(JSON.parse(audit('vinterball')[1]!.details)).toEqual({
			before: { location: 'Aulaen' },
			after: { location: 'Chateau Neuf' }
		});
		expect(mainText(await (await browser.get('/en/events/winter-ball')).text())).toContain(
			'Chateau Neuf'
		);
		const ical = await (await fetch(`${server.url}/en/events/calendar.ics`)).text();
		expect(ical).toContain('Winter ball');

		const deleted = await browser.post('/en/admin/content/events/vinterball?/delete', {
			version: String(versionOf('events', 'vinterball')),
			confirm: 'on'
		});
		expect(deleted.status).toBe(303);
		expect(audit('vinterball').map((e) => e.action)).toEqual(['create', 'update', 'delete']);
		expect((await fetch(`${server.url}/en/events/winter-ball`)).status).toBe(404);
		expect((await fetch(`${server.url}/en/events/vinterball`)).status).toBe(404);
	});

	it('let a unit’s leader change their unit’s event, audited with them as the actor', async () => {
		const { browser, userId } = as('events@example.org', { unit: 'events-oslo', role: 'leader' });
		const version = versionOf('events', 'evt-julebord');
		const saved = await browser.post(
			'/no/admin/content/events/evt-julebord?/save',
			eventForm({
				version: String(version),
				title_no: 'Julebord 2026',
				title_en: 'Christmas party'
			})
		);
		expect(saved.status).toBe(303);
		const [entry] = audit('evt-julebord').slice(-1);
		expect(entry).toMatchObject({ actor: userId, action: 'update' });
		expect(JSON.parse(entry!.details).after.title_no).toBe('Julebord 2026');
	});

	it('refuse a save made on an older version, keeping what was typed', async () => {
		const { browser } = as('admin2@example.org');
		withDb(server.dbFile, (db) =>
			db
				.prepare(
					'insert into admin_grants (user_id, granted_by, granted_at) select id, ?, ? from users where email = ?'
				)
				.run('test', new Date().toISOString(), 'admin2@example.org')
		);
		const stale = String(versionOf('events', 'evt-career'));
		const first = await browser.post(
			'/en/admin/content/events/evt-career?/save',
			eventForm({ version: stale, campus_id: 'bergen', unit_id: '', title_en: 'Career day 2027' })
		);
		expect(first.status).toBe(303);
		const second = await browser.post(
			'/en/admin/content/events/evt-career?/save',
			eventForm({ version: stale, campus_id: 'bergen', unit_id: '', title_en: 'My older edit' })
		);
		expect(second.status).toBe(409);
		const html = await second.text();
		expect(mainText(html)).toContain('Someone else saved this after you opened it.');
		expect(html).toContain('value="My older edit"');
		const stored = withDb(server.dbFile, (db) =>
			db.prepare("select title_en from events where id = 'evt-career'").get()
		);
		expect(stored).toEqual({ title_en: 'Career day 2027' });
	});

	it('refuse a post from another site', async () => {
		const { browser } = as('admin@example.org');
		const res = await browser.request('/en/admin/content/events/new?/save', {
			method: 'POST',
			headers: {
				origin: 'https://evil.example',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: new URLSearchParams(eventForm({ title_no: 'Fra en annen side' }))
		});
		expect(res.status).toBe(403);
		const rows = withDb(server.dbFile, (db) =>
			db.prepare("select id from events where title_no = 'Fra en annen side'").all()
		);
		expect(rows).toEqual([]);
	});

	it('keep a renamed job’s old address leading to the new one', async () => {
		const { browser } = as('admin@example.org');
		const job = {
			title_no: 'Kasserer',
			title_en: 'Treasurer',
			deadline: '2027-02-01T12:00',
			apply_url: 'https://example.org/apply',
			unit_id: '',
			slug: '',
			publication: 'published',
			publish_at: ''
		};
		expect((await browser.post('/en/admin/content/jobs/new?/save', job)).status).toBe(303);
		const renamed = await browser.post('/en/admin/content/jobs/kasserer?/save', {
			...job,
			slug: 'okonomiansvarlig',
			version: String(versionOf('jobs', 'kasserer'))
		});
		expect(renamed.status).toBe(303);
		const old = await fetch(`${server.url}/en/jobs/kasserer`, { redirect: 'manual' });
		expect(old.status).toBe(301);
		expect(old.headers.get('location')).toBe('/en/jobs/okonomiansvarlig');
		expect((await fetch(`${server.url}/en/jobs/okonomiansvarlig`)).status).toBe(200);
	});

	it('keep an event’s image in sizes for phones, served to everyone once public and cached for good', async () => {
		const { browser } = as('admin@example.org');
		const post = (fields: Record<string, string>, image?: Buffer) => {
			const body = new FormData();
			for (const [name, value] of Object.entries(fields)) body.set(name, value);
			if (image)
				body.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'ball.png');
			return browser.request('/en/admin/content/events/new?/save', {
				method: 'POST',
				headers: { origin: server.url, accept: 'text/html' },
				body
			});
		};
		const files = () =>
			(
				withDb(server.dbFile, (db) => db.prepare('select count(*) n from files').get()) as {
					n: number;
				}
			).n;
		const before = files();
		const noAlt = await post(
			eventForm({ title_no: 'Maskeball', title_en: 'Masked ball', image_alt_no: 'Masker' }),
			await png(1200, 800)
		);
		expect(noAlt.status).toBe(400);
		expect(mainText(await noAlt.text())).toContain('Describe the image in this language');
		expect(files()).toBe(before);

		const made = await post(
			eventForm({
				title_no: 'Maskeball',
				title_en: 'Masked ball',
				image_alt_no: 'Masker på et bord',
				image_alt_en: 'Masks on a table'
			}),
			await png(1200, 800)
		);
		expect(made.status).toBe(303);
		const html = await (await fetch(`${server.url}/en/events/maskeball`)).text();
		expect(html).toMatch(
			/<source type="image\/avif" srcset="\/media\/[0-9a-f-]{36}\/480\.avif 480w, [^"]*960\.avif 960w, [^"]*1200\.avif 1200w"/
		);
		expect(html).toContain('alt="Masks on a table"');
		expect(html).toContain('width="1200" height="800"');
		const variant = /\/media\/[0-9a-f-]{36}\/960\.webp/.exec(html)![0];
		const image = await fetch(server.url + variant);
		expect(image.status).toBe(200);
		expect(image.headers.get('content-type')).toBe('image/webp');
		expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
		expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
		const again = await fetch(server.url + variant, {
			headers: { 'if-none-match': image.headers.get('etag')! }
		});
		expect(again.status).toBe(304);
		expect((await fetch(server.url + variant.replace('960.webp', '961.webp'))).status).toBe(404);

		// Back to a draft: the image is the staff's again.
		const version = versionOf('events', 'maskeball');
		await browser.post('/en/admin/content/events/maskeball?/save', {
			...eventForm({
				title_no: 'Maskeball',
				title_en: 'Masked ball',
				image_alt_no: 'Masker',
				image_alt_en: 'Masks'
			}),
			publication: 'draft',
			version: String(version)
		});
		expect((await fetch(server.url + variant)).status).toBe(404);
		const staff = await browser.get(variant);
		expect(staff.status).toBe(200);
		expect(staff.headers.get('cache-control')).toBe('private, no-store');
	});

	it('give a product a picture: its page and card show it in sizes for phones; others are refused', async () => {
		const post = (browser: Browser, fields: Record<string, string>, image?: Buffer) => {
			const body = new FormData();
			for (const [name, value] of Object.entries(fields)) body.set(name, value);
			if (image)
				body.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'mug.png');
			return browser.request('/en/admin/shop/products/prod-mug?/picture', {
				method: 'POST',
				headers: { origin: server.url, accept: 'text/html' },
				body
			});
		};
		const version = () => String(versionOf('products', 'prod-mug'));
		const member = as('member@example.org');
		const refused = await post(
			member.browser,
			{ version: version(), image_alt_no: 'Krus', image_alt_en: 'Mug' },
			await png(900, 600)
		);
		expect(refused.status).toBe(404);

		const { browser } = as('admin@example.org');
		const noAlt = await post(
			browser,
			{ version: version(), image_alt_no: 'Krus' },
			await png(900, 600)
		);
		expect(noAlt.status).toBe(400);
		expect(mainText(await noAlt.text())).toContain('Describe the image in this language');

		const saved = await post(
			browser,
			{
				version: version(),
				image_alt_no: 'Et hvitt krus med logo',
				image_alt_en: 'A white mug with the logo'
			},
			await png(900, 600)
		);
		expect(saved.status).toBe(303);
		const page = await (await fetch(`${server.url}/en/shop/mug`)).text();
		expect(page).toMatch(
			/<source type="image\/avif" srcset="\/media\/[0-9a-f-]{36}\/480\.avif 480w, [^"]*900\.avif 900w"/
		);
		expect(page).toContain('alt="A white mug with the logo"');
		const shop = await (await fetch(`${server.url}/en/shop`)).text();
		expect(shop).toMatch(/src="\/media\/[0-9a-f-]{36}\/480\.webp"/);
		const [entry] = withDb(server.dbFile, (db) =>
			db
				.prepare(
					"select action, details from audit_log where subject_type = 'product' and subject_id = 'prod-mug'"
				)
				.all()
		) as { action: string; details: string }[];
		expect(entry!.action).toBe('image');
		expect(JSON.parse(entry!.details).after).toMatchObject({
			image_alt_en: 'A white mug with the logo'
		});
	});
	it("remove a demo product's drawing: the admin shows it as the picture, and after removing the shop no longer does", async () => {
		const { browser } = as('admin@example.org');
		const admin = await browser.get('/en/admin/shop/products/prod-hoodie');
		const adminPage = await admin.text();
		expect(adminPage).toContain('src="/images/products/hoodie.svg"');
		expect(adminPage).toContain('name="image_remove"');
		expect(await (await fetch(`${server.url}/en/shop`)).text()).toContain('hoodie.svg');

		const body = new FormData();
		body.set('version', String(versionOf('products', 'prod-hoodie')));
		body.set('image_remove', 'on');
		const removed = await browser.request('/en/admin/shop/products/prod-hoodie?/picture', {
			method: 'POST',
			headers: { origin: server.url, accept: 'text/html' },
			body
		});
		expect(removed.status).toBe(303);
		expect(await (await fetch(`${server.url}/en/shop`)).text()).not.toContain('hoodie.svg');
		expect(await (await browser.get('/en/admin/shop/products/prod-hoodie')).text()).not.toContain(
			'name="image_remove"'
		);
	});
});
