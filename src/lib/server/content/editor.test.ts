import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContentKind } from '$lib/admin/nav';
import { trail } from '../audit';
import { userContext, type UserContext } from '../context';
import { seedDemo } from '../db/seed';
import { paidClaimRow, teamMemberRow, userRow } from '../db/test-rows';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { filesService, localDiskStorage } from '../files';
import { png, windowsProgram } from '../files/test-fixtures';
import { Conflict, Forbidden, NotSignedIn } from '../errors';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import { contentService } from '.';
import { contentEditor, type ContentEditor, type FormValues } from './editor';
import { sqlContentStore } from './sql';

const as = (id: string) =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, 's');
const now = new Date('2026-11-24T12:00:00.000Z');
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

/** The event form as a person fills it in (Oslo time). */
const eventForm = (extra: FormValues = {}): FormValues => ({
	title_no: 'Vinterball',
	title_en: 'Winter ball',
	summary_no: 'Dans i Aulaen.',
	summary_en: 'Dancing in the Aula.',
	body_no: 'Ta med **festklær**.',
	body_en: 'Bring **your best clothes**.',
	starts_at: '2026-12-12T19:00',
	ends_at: '2026-12-12T23:30',
	location: 'Aulaen',
	category: 'social',
	campus_id: 'oslo',
	unit_id: 'events-oslo',
	price_ore: '249,50',
	capacity: '300',
	product_id: '',
	publication: 'published',
	publish_at: '',
	...extra
});

describe.each(ENGINES)('the content editor on %s', (engine) => {
	let test: TestDatabase;
	let editor: ContentEditor;
	let site: ReturnType<typeof contentService>;
	let filesDir: string;
	const admin = as('admin');
	const storedFiles = () =>
		readdirSync(filesDir, { recursive: true }).filter((f) => /^[0-9a-f]{2}[/\\].+/.test(String(f)));
	const leader = as('leader');
	/** Saves a stored record again, as its form posts it, with some fields changed. */
	const resave = async (ctx: UserContext, kind: ContentKind, key: string, changes: FormValues) => {
		const { version, values } = await editor.read(ctx, kind, key, now);
		return editor.update(ctx, kind, key, version, { ...values, ...changes }, now);
	};

	beforeEach(async () => {
		test = await testDatabase(engine);
		await seedDemo(test.db, now);
		for (const id of ['admin', 'leader', 'member', 'bergen']) {
			await test.db.insertInto('users').values(userRow(id)).execute();
		}
		await test.db
			.insertInto('team_members')
			.values([
				teamMemberRow('leader', 'events-oslo', 'leader', now.toISOString()),
				teamMemberRow('member', 'board-oslo', 'member', now.toISOString()),
				teamMemberRow('bergen', 'sport-bergen', 'leader', now.toISOString())
			])
			.execute();
		const roles = rolesService({
			store: sqlIdentityStore(test.db),
			isMember: async () => false,
			adminEmails: ['admin@example.org']
		});
		filesDir = mkdtempSync(join(tmpdir(), 'orgweb-editor-'));
		const files = filesService(test.db, localDiskStorage(filesDir), { maxBytes: 5 * 1024 * 1024 });
		editor = contentEditor({ db: test.db, roles, files });
		site = contentService(sqlContentStore(test.db));
	});
	afterEach(async () => {
		await test.destroy();
		rmSync(filesDir, { recursive: true, force: true });
	});

	it('publishes an event in both languages: its page, the feed and the search have it at once', async () => {
		const saved = await editor.create(admin, 'events', eventForm(), now);
		expect(saved).toEqual({ ok: true, key: 'vinterball' });
		// Its English address is its own; either address finds it.
		expect((await site.event('no', 'winter-ball', now))?.event.slugs).toEqual({
			no: 'vinterball',
			en: 'winter-ball'
		});
		const en = await site.event('en', 'vinterball', now);
		expect(en?.event).toMatchObject({
			title: { text: 'Winter ball', isFallback: false },
			startsAt: '2026-12-12T18:00:00.000Z',
			endsAt: '2026-12-12T22:30:00.000Z',
			priceOre: 24950
		});
		expect(en?.event.body.html).toBe('<p>Bring <strong>your best clothes</strong>.</p>\n');
		const no = await site.event('no', 'vinterball', now);
		expect(no?.event.title.text).toBe('Vinterball');
		const feed = await site.upcomingForFeed('en', undefined, now);
		expect(feed.map((e) => e.id)).toContain('vinterball');
		const found = await site.search('no', 'vinterball', now);
		expect(found.hits.map((h) => h.path)).toEqual(['/events/vinterball']);
		const [created] = await trail(test.db, 'event', 'vinterball');
		expect(created).toMatchObject({ actor: 'admin', action: 'create' });
		expect(created!.details).toMatchObject({
			before: null,
			after: { title_en: 'Winter ball', price_ore: 24950, draft: 0 }
		});
	});

	it('keeps a draft and a scheduled event from the public until their time', async () => {
		await editor.create(admin, 'events', eventForm({ publication: 'draft' }), now);
		await editor.create(
			admin,
			'events',
			eventForm({
				title_no: 'Vårball',
				title_en: 'Spring ball',
				publication: 'scheduled',
				publish_at: '2026-11-25T09:00'
			}),
			now
		);
		expect(await site.event('en', 'vinterball', now)).toBeUndefined();
		expect(await site.event('en', 'varball', now)).toBeUndefined();
		expect((await site.search('no', 'vinterball', now)).hits).toEqual([]);
		expect((await site.search('no', 'vårball', now)).hits).toEqual([]);
		expect((await site.sitemapPaths(now)).map((p) => p.no)).not.toContain('/events/varball');
		const morning = new Date('2026-11-25T08:00:00.000Z');
		expect((await site.event('en', 'varball', morning))?.event.title.text).toBe('Spring ball');
		expect(await site.event('en', 'vinterball', morning)).toBeUndefined();
		const list = await editor.list(admin, 'events', {}, 'en', now);
		const state = (key: string) => list.find((i) => i.key === key)?.state;
		expect([state('vinterball'), state('varball'), state('evt-julebord')]).toEqual([
			'draft',
			'scheduled',
			'published'
		]);
	});

	it('tells the second of two people saving one version that someone saved meanwhile', async () => {
		const { version, values } = await editor.read(admin, 'events', 'evt-julebord', now);
		const first = await editor.update(
			admin,
			'events',
			'evt-julebord',
			version,
			{ ...values, location: 'Chateau Neuf' },
			now
		);
		expect(first.ok).toBe(true);
		await expect(
			editor.update(
				leader,
				'events',
				'evt-julebord',
				version,
				{ ...values, location: 'Huset' },
				now
			)
		).rejects.toBeInstanceOf(Conflict);
		expect((await site.event('no', 'evt-julebord', now))?.event.location).toBe('Chateau Neuf');
		const entries = await trail(test.db, 'event', 'evt-julebord');
		expect(entries).toHaveLength(1);
		expect(entries[0]!.details).toEqual({
			before: { location: expect.any(String) },
			after: { location: 'Chateau Neuf' }
		});
	});

	it('lets a unit’s leader edit their unit’s content and nothing else', async () => {
		const own = await editor.create(leader, 'events', eventForm(), now);
		expect(own.ok).toBe(true);
		const other = await editor.create(
			leader,
			'events',
			eventForm({ title_no: 'Klatring', unit_id: 'sport-bergen' }),
			now
		);
		expect(other).toEqual({ ok: false, errors: { unit_id: 'not_your_unit' } });
		const read = await editor.read(leader, 'events', 'evt-julebord', now);
		expect(read.key).toBe('evt-julebord');
		await expect(editor.read(leader, 'events', 'evt-climbing', now)).rejects.toBeInstanceOf(
			Forbidden
		);
		const climbing = await editor.read(admin, 'events', 'evt-climbing', now);
		await expect(
			editor.update(leader, 'events', 'evt-climbing', climbing.version, climbing.values, now)
		).rejects.toBeInstanceOf(Forbidden);
		// Nor may they move their own event to another unit.
		await expect(
			editor.update(
				leader,
				'events',
				'evt-julebord',
				read.version,
				{ ...read.values, unit_id: 'sport-bergen' },
				now
			)
		).resolves.toEqual({ ok: false, errors: { unit_id: 'not_your_unit' } });
		expect(
			(await editor.list(leader, 'events', {}, 'no', now)).every((i) => i.unitId === 'events-oslo')
		).toBe(true);
		// Their own unit's page, yes; pages, units of others and new units, no.
		expect((await resave(leader, 'units', 'events-oslo', { summary_en: 'Us.' })).ok).toBe(true);
		await expect(editor.read(leader, 'units', 'sport-bergen', now)).rejects.toBeInstanceOf(
			Forbidden
		);
		await expect(editor.list(leader, 'pages', {}, 'no', now)).rejects.toBeInstanceOf(Forbidden);
		await expect(
			editor.create(leader, 'units', { name_no: 'Ny', campus_id: 'oslo', type: 'board' }, now)
		).rejects.toBeInstanceOf(Forbidden);
	});

	it('refuses members and visitors everything', async () => {
		await expect(editor.list(as('member'), 'events', {}, 'no', now)).rejects.toBeInstanceOf(
			Forbidden
		);
		await expect(editor.create(as('member'), 'events', eventForm(), now)).rejects.toBeInstanceOf(
			Forbidden
		);
		const visitor = userContext(null, null);
		await expect(editor.list(visitor, 'events', {}, 'no', now)).rejects.toBeInstanceOf(NotSignedIn);
		await expect(editor.read(visitor, 'events', 'evt-julebord', now)).rejects.toBeInstanceOf(
			NotSignedIn
		);
		expect(await site.event('no', 'vinterball', now)).toBeUndefined();
	});

	it('says what is wrong with a form and stores nothing', async () => {
		const refused = await editor.create(
			admin,
			'events',
			eventForm({
				title_no: '',
				title_en: ' ',
				starts_at: '2026-12-12T19:00',
				ends_at: '2026-12-12T18:00',
				price_ore: 'gratis',
				capacity: '-3',
				campus_id: 'atlantis',
				publication: 'scheduled',
				publish_at: '2026-01-01T10:00'
			}),
			now
		);
		expect(refused).toEqual({
			ok: false,
			errors: {
				title_no: 'required_one_locale',
				ends_at: 'ends_before_start',
				price_ore: 'money',
				capacity: 'int',
				campus_id: 'unknown_choice',
				publish_at: 'in_the_past'
			}
		});
		const job = await editor.create(
			admin,
			'jobs',
			{
				title_no: 'Kasserer',
				deadline: 'next week',
				apply_url: 'javascript:alert(1)',
				publication: 'published'
			},
			now
		);
		expect(job).toEqual({ ok: false, errors: { deadline: 'datetime', apply_url: 'url' } });
		expect(await test.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
	});

	it('keeps an old address working when a job is renamed, and gives it back when renamed back', async () => {
		const made = await editor.create(
			admin,
			'jobs',
			{
				title_no: 'Kasserer',
				title_en: 'Treasurer',
				deadline: '2026-12-31T23:59',
				apply_url: 'https://example.org/apply',
				publication: 'published'
			},
			now
		);
		expect(made).toEqual({ ok: true, key: 'kasserer' });
		await resave(admin, 'jobs', 'kasserer', { slug: 'okonomiansvarlig' });
		expect(await site.job('no', 'kasserer', now)).toBeUndefined();
		expect(await site.movedTo('jobs', 'kasserer')).toBe('/jobs/okonomiansvarlig');
		expect((await site.job('en', 'okonomiansvarlig', now))?.job.title.text).toBe('Treasurer');
		// A new job may not take the old address: old links must not land on it.
		const clash = await editor.create(
			admin,
			'jobs',
			{
				title_no: 'Kasserer',
				deadline: '2026-12-31T23:59',
				apply_url: 'https://example.org/a',
				publication: 'published'
			},
			now
		);
		expect(clash).toEqual({ ok: true, key: 'kasserer-2' });
		await resave(admin, 'jobs', 'kasserer', { slug: 'kasserer' });
		expect(await site.movedTo('jobs', 'kasserer')).toBeNull();
		expect(await site.movedTo('jobs', 'okonomiansvarlig')).toBe('/jobs/kasserer');
	});

	it('refuses to delete what others refer to, and deletes the rest with its audit entry', async () => {
		const unit = await editor.read(admin, 'units', 'board-oslo', now);
		expect(await editor.remove(admin, 'units', 'board-oslo', unit.version, now)).toEqual({
			ok: false,
			reason: 'referenced'
		});
		await test.db
			.insertInto('expense_claims')
			.values(
				paidClaimRow('c1', '2026-11-01T10:00:00.000Z', {
					event_id: 'evt-debate',
					claimant_id: 'member'
				})
			)
			.execute();
		const debate = await editor.read(admin, 'events', 'evt-debate', now);
		expect(await editor.remove(admin, 'events', 'evt-debate', debate.version, now)).toEqual({
			ok: false,
			reason: 'referenced'
		});
		const privacy = await editor.read(admin, 'pages', 'privacy', now);
		expect(await editor.remove(admin, 'pages', 'privacy', privacy.version, now)).toEqual({
			ok: false,
			reason: 'fixed_page'
		});
		const climbing = await editor.read(admin, 'events', 'evt-climbing', now);
		await expect(
			editor.remove(admin, 'events', 'evt-climbing', climbing.version - 1, now)
		).rejects.toBeInstanceOf(Conflict);
		expect(await editor.remove(admin, 'events', 'evt-climbing', climbing.version, now)).toEqual({
			ok: true
		});
		expect(await site.event('en', 'evt-climbing', now)).toBeUndefined();
		const [deleted] = await trail(test.db, 'event', 'evt-climbing');
		expect(deleted).toMatchObject({ action: 'delete', details: { after: null } });
	});

	it('flags a translation that is missing, and the public side shows the other language, marked', async () => {
		await editor.create(
			admin,
			'news',
			{ title_no: 'Bare på norsk', body_no: 'Tekst.', publication: 'published' },
			now
		);
		const [item] = await editor.list(admin, 'news', { q: 'bare' }, 'en', now);
		expect(item).toMatchObject({ key: 'bare-pa-norsk', missing: ['en'] });
		const shown = await site.newsItem('en', 'bare-pa-norsk', later(1));
		expect(shown?.title).toEqual({ text: 'Bare på norsk', locale: 'no', isFallback: true });
	});

	it("keeps a page's search keywords in both languages, and the site search finds the page by them", async () => {
		expect((await site.search('en', 'visiting hours', now)).hits).toEqual([]);
		const saved = await resave(admin, 'pages', 'contact', {
			keywords_no: 'besøkstid, resepsjon',
			keywords_en: 'visiting hours, reception'
		});
		expect(saved).toEqual({ ok: true, key: 'contact' });
		const read = await editor.read(admin, 'pages', 'contact', now);
		expect(read.values).toMatchObject({
			keywords_no: 'besøkstid, resepsjon',
			keywords_en: 'visiting hours, reception'
		});
		expect((await site.search('en', 'visiting hours', now)).hits.map((h) => h.path)).toEqual([
			'/contact'
		]);
		expect((await site.search('no', 'resepsjon', now)).hits.map((h) => h.path)).toEqual([
			'/contact'
		]);
		// Each language's keywords find the page in that language only.
		expect((await site.search('no', 'reception', now)).hits).toEqual([]);
		const [changed] = await trail(test.db, 'page', 'contact');
		expect(changed!.details).toMatchObject({ after: { keywords_en: 'visiting hours, reception' } });
	});

	it('adds, renames and removes policies, whose old address leads on', async () => {
		const made = await editor.create(
			admin,
			'pages',
			{
				title_no: 'Personvern for frivillige',
				title_en: 'Privacy for volunteers',
				publication: 'published'
			},
			now
		);
		expect(made).toEqual({ ok: true, key: 'policies/personvern-for-frivillige' });
		const renamed = await resave(admin, 'pages', made.ok ? made.key : '', { slug: 'frivillige' });
		expect(renamed).toEqual({ ok: true, key: 'policies/frivillige' });
		expect(await site.movedTo('policies', 'personvern-for-frivillige')).toBe(
			'/policies/frivillige'
		);
		expect((await site.page('en', 'policies/frivillige', now))?.title.text).toBe(
			'Privacy for volunteers'
		);
	});

	it('keeps an event’s image in sizes and formats for a srcset, with its alt text in both languages', async () => {
		const image = { bytes: await png(2000, 1000), name: 'ball.png' };
		const withAlt = eventForm({ image_alt_no: 'Dansende par', image_alt_en: 'Couples dancing' });
		expect(await editor.create(admin, 'events', withAlt, now, image)).toEqual({
			ok: true,
			key: 'vinterball'
		});
		const shown = (await site.event('en', 'vinterball', now))!.event.image!;
		expect(shown).toMatchObject({ width: 2000, height: 1000, alt: { text: 'Couples dancing' } });
		expect(shown.src).toMatch(/^\/media\/[0-9a-f-]{36}\/full\.png$/);
		expect(shown.sources).toEqual([
			{
				type: 'image/avif',
				srcset: expect.stringMatching(/480\.avif 480w, .*960\.avif 960w, .*1600\.avif 1600w$/)
			},
			{ type: 'image/webp', srcset: expect.stringMatching(/480\.webp 480w, .*1600\.webp 1600w$/) }
		]);
		const fileId = shown.src.split('/')[2]!;
		expect(await site.imageIsPublic(fileId, now)).toBe(true);

		// Replaced: the new one shows, the old one's bytes are gone.
		const filesBefore = storedFiles().length;
		const record = await editor.read(admin, 'events', 'vinterball', now);
		const replaced = await editor.update(
			admin,
			'events',
			'vinterball',
			record.version,
			withAlt,
			now,
			{
				bytes: await png(800, 600),
				name: 'new.png'
			}
		);
		expect(replaced.ok).toBe(true);
		const now2 = (await site.event('en', 'vinterball', now))!.event.image!;
		expect(now2.width).toBe(800);
		expect(now2.sources[0]!.srcset).toMatch(/480\.avif 480w, .*800\.avif 800w$/);
		expect(await site.imageIsPublic(fileId, now)).toBe(false);
		expect(storedFiles().length).toBeLessThan(filesBefore);

		// Removed: no image, no file left.
		const again = await editor.read(admin, 'events', 'vinterball', now);
		await editor.update(
			admin,
			'events',
			'vinterball',
			again.version,
			{ ...withAlt, image_remove: 'on' },
			now
		);
		expect((await site.event('en', 'vinterball', now))!.event.image).toBeNull();
		expect(storedFiles()).toEqual([]);
	});

	it('refuses an image without alt text in both languages, or a file that is no image, and keeps no file', async () => {
		const noAlt = await editor.create(admin, 'events', eventForm({ image_alt_no: 'Par' }), now, {
			bytes: await png(),
			name: 'a.png'
		});
		expect(noAlt).toEqual({ ok: false, errors: { image_alt_en: 'alt_required' } });
		const program = await editor.create(
			admin,
			'events',
			eventForm({ image_alt_no: 'Par', image_alt_en: 'Couple' }),
			now,
			{ bytes: windowsProgram(), name: 'photo.png' }
		);
		expect(program).toEqual({ ok: false, errors: { image: 'file_unsupported_type' } });
		expect(storedFiles()).toEqual([]);
		expect(await test.db.selectFrom('files').select('id').execute()).toEqual([]);
		expect(await site.event('en', 'vinterball', now)).toBeUndefined();
	});

	it('shows a draft’s image to nobody but staff until the draft is published', async () => {
		await editor.create(
			admin,
			'events',
			eventForm({ publication: 'draft', image_alt_no: 'Par', image_alt_en: 'Couple' }),
			now,
			{ bytes: await png(), name: 'a.png' }
		);
		const [file] = await test.db.selectFrom('files').select('id').execute();
		expect(await site.imageIsPublic(file!.id, now)).toBe(false);
		const published = await resave(admin, 'events', 'vinterball', { publication: 'published' });
		expect(published).toEqual({ ok: true, key: 'vinterball' });
		expect(await site.imageIsPublic(file!.id, now)).toBe(true);
	});

	it('renames a campus and adds one for admins only, and keeps a campus that others refer to', async () => {
		const oslo = await editor.read(admin, 'campuses', 'oslo', now);
		await editor.update(
			admin,
			'campuses',
			'oslo',
			oslo.version,
			{ ...oslo.values, name: 'Oslo sentrum' },
			now
		);
		expect((await site.campuses()).find((c) => c.id === 'oslo')?.name).toBe('Oslo sentrum');
		expect(await editor.create(admin, 'campuses', { name: 'Tromsø', sort: '4' }, now)).toEqual({
			ok: true,
			key: 'tromso'
		});
		expect(await editor.remove(admin, 'campuses', 'oslo', oslo.version + 1, now)).toEqual({
			ok: false,
			reason: 'referenced'
		});
		await expect(editor.list(leader, 'campuses', {}, 'no', now)).rejects.toBeInstanceOf(Forbidden);
		await expect(editor.create(leader, 'campuses', { name: 'Bodø' }, now)).rejects.toBeInstanceOf(
			Forbidden
		);
	});

	it('gives a news item an English address from its English title, once; either address finds it', async () => {
		const news = (extra: FormValues) => ({
			title_no: 'Nytt styre',
			title_en: 'New board',
			summary_no: '',
			summary_en: '',
			body_no: '',
			body_en: '',
			unit_id: '',
			publication: 'published',
			publish_at: '',
			...extra
		});
		expect(await editor.create(admin, 'news', news({}), now)).toEqual({
			ok: true,
			key: 'nytt-styre'
		});
		const item = await site.newsItem('en', 'nytt-styre', later(1));
		expect(item?.slugs).toEqual({ no: 'nytt-styre', en: 'new-board' });
		expect((await site.newsItem('no', 'new-board', later(1)))?.slugs.no).toBe('nytt-styre');
		expect((await site.news('en', later(1))).find((n) => n.id === 'nytt-styre')?.slug).toBe(
			'new-board'
		);
		// A second "New board" takes the next free address; one without an English title gets its
		// English address when it is translated, and keeps it when the title changes again.
		await editor.create(admin, 'news', news({ title_no: 'Styret 2027' }), now);
		expect((await site.newsItem('en', 'styret-2027', later(1)))?.slugs.en).toBe('new-board-2');
		await editor.create(admin, 'news', news({ title_no: 'Valg', title_en: '' }), now);
		expect((await site.newsItem('en', 'valg', later(1)))?.slugs.en).toBe('valg');
		await resave(admin, 'news', 'valg', { title_en: 'Election' });
		expect((await site.newsItem('en', 'valg', later(1)))?.slugs.en).toBe('election');
		await resave(admin, 'news', 'valg', { title_en: 'Vote' });
		expect((await site.newsItem('en', 'election', later(1)))?.slugs.en).toBe('election');
	});

	it('keeps event categories as a list named in both languages: the event form chooses from it, the English filter shows the English name', async () => {
		// Both names are required: a category named only in Norwegian would be Norwegian on /en.
		expect(
			await editor.create(admin, 'event-categories', { name_no: 'Fest', name_en: '' }, now)
		).toEqual({ ok: false, errors: { name_en: 'required' } });
		expect(
			await editor.create(
				admin,
				'event-categories',
				{ name_no: 'Fest', name_en: 'Party', sort: '5' },
				now
			)
		).toEqual({ ok: true, key: 'fest' });
		const [created] = await trail(test.db, 'event-category', 'fest');
		expect(created).toMatchObject({ actor: 'admin', action: 'create' });

		// A category that is not on the list is refused; one that is, is taken.
		expect(await editor.create(admin, 'events', eventForm({ category: 'Fest' }), now)).toEqual({
			ok: false,
			errors: { category: 'unknown_choice' }
		});
		const options = await editor.options(admin, 'en', now);
		expect(options.eventCategories[0]).toEqual({ value: 'fest', label: 'Party' });
		// A product category is no event category.
		expect(
			await editor.create(admin, 'events', eventForm({ category: 'merch' }), now)
		).toMatchObject({ ok: false, errors: { category: 'unknown_choice' } });
		expect(await editor.create(admin, 'events', eventForm({ category: 'fest' }), now)).toEqual({
			ok: true,
			key: 'vinterball'
		});
		const filter = async (locale: 'no' | 'en') =>
			(await site.events(locale, { page: 1, past: false }, now)).categories;
		expect((await filter('en'))[0]).toEqual({ code: 'fest', name: 'Party' });
		expect((await filter('no'))[0]).toEqual({ code: 'fest', name: 'Fest' });
		expect((await site.event('en', 'vinterball', now))?.event.categoryName).toBe('Party');

		// Renamed and moved: the code stays, so the event keeps its category.
		const fest = await editor.read(admin, 'event-categories', 'fest', now);
		await editor.update(
			admin,
			'event-categories',
			'fest',
			fest.version,
			{ ...fest.values, name_en: 'Celebration', sort: '999' },
			now
		);
		const names = (await filter('en')).map((c) => c.name);
		expect(names.at(-1)).toBe('Celebration');
		await expect(
			editor.update(admin, 'event-categories', 'fest', fest.version, fest.values, now)
		).rejects.toBeInstanceOf(Conflict);

		// Not removed while an event has it; removed with its audit entry once none has.
		expect(await editor.remove(admin, 'event-categories', 'fest', fest.version + 1, now)).toEqual({
			ok: false,
			reason: 'referenced'
		});
		await editor.remove(
			admin,
			'events',
			'vinterball',
			(await editor.read(admin, 'events', 'vinterball', now)).version,
			now
		);
		expect(await editor.remove(admin, 'event-categories', 'fest', fest.version + 1, now)).toEqual({
			ok: true
		});
		expect((await trail(test.db, 'event-category', 'fest')).map((e) => e.action)).toContain(
			'delete'
		);
		// Only the event list's entries are event categories; only admins keep the list.
		expect(
			(await editor.list(admin, 'product-categories', {}, 'en', now)).map((c) => c.key)
		).toEqual(['clothing', 'merch', 'ticket']);
		await expect(editor.list(leader, 'event-categories', {}, 'no', now)).rejects.toBeInstanceOf(
			Forbidden
		);
	});
});
