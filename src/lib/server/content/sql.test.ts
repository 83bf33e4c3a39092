import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { orderRow, reservationRow } from '../db/test-rows';
import { contentService, type ContentService } from './index';
import { sqlContentStore } from './sql';

// The content service over the SQL adapter on a database with the demo seed, on both engines.
const NOW = new Date('2026-11-23T09:00:00.000Z');

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let content: ContentService;

	beforeAll(async () => {
		test = await testDatabase(engine);
		db = test.db;
		await seedDemo(db, NOW);
		content = contentService(sqlContentStore(db));
	});

	afterAll(() => test.destroy());

	const titles = (items: { title: { text: string } }[]) => items.map((i) => i.title.text);

	describe('content over SQL', () => {
		it('finds pages by slug, with a fallback marker when a locale is blank', async () => {
			expect((await content.page('en', 'about/bylaws'))?.title.text).toBe('Bylaws');
			expect(await content.page('en', 'about/nope')).toBeUndefined();
			await db.updateTable('pages').set({ title_en: '' }).where('slug', '=', 'press').execute();
			expect((await content.page('en', 'press'))?.title).toEqual({
				text: 'Presse',
				locale: 'no',
				isFallback: true
			});
		});

		it('lists the policies only', async () => {
			const slugs = (await content.policies('no')).map((p) => p.slug);
			expect(slugs).toEqual(['policies/code-of-conduct', 'policies/expenses']);
		});

		it('counts an event that has started but not ended as upcoming', async () => {
			await db
				.updateTable('events')
				.set({ starts_at: '2026-11-23T08:00:00.000Z', ends_at: '2026-11-23T10:00:00.000Z' })
				.where('id', '=', 'evt-climbing')
				.execute();
			const upcoming = await content.events('en', { past: false, page: 1 }, NOW);
			expect(titles(upcoming.events)[0]).toBe('Climbing night for beginners');
			const past = await content.events('en', { past: true, page: 1 }, NOW);
			expect(titles(past.events)).toEqual(['Debate on student finance']);
			expect(upcoming.campuses.map((c) => c.id)).toEqual(['oslo', 'bergen', 'trondheim']);
			// The categories some public event has, in the list's order, named in the page's language.
			expect(upcoming.categories).toEqual([
				{ code: 'social', name: 'Social' },
				{ code: 'career', name: 'Career' },
				{ code: 'sport', name: 'Sports' },
				{ code: 'politics', name: 'Politics' }
			]);
			const no = await content.events('no', { past: false, page: 1 }, NOW);
			expect(no.categories.map((c) => c.name)).toEqual([
				'Sosialt',
				'Karriere',
				'Idrett',
				'Politikk'
			]);
		});

		it('pages the list and filters by Oslo calendar days', async () => {
			const DAY = 86_400_000;
			const start = Date.parse('2027-01-01T17:00:00.000Z');
			const rows = Array.from({ length: 30 }, (_, i) => ({
				id: `evt-culture-${String(i).padStart(2, '0')}`,
				campus_id: 'trondheim',
				unit_id: null,
				category: 'culture',
				location: 'Samfundet',
				starts_at: new Date(start + i * DAY).toISOString(),
				ends_at: new Date(start + i * DAY + 3_600_000).toISOString(),
				price_ore: null,
				capacity: null,
				image: null,
				product_id: null,
				title_no: `Kultur ${i}`,
				title_en: `Culture ${i}`,
				summary_no: '',
				summary_en: '',
				body_no: '',
				body_en: ''
			}));
			// 23:30 in Oslo on 10 January is still 10 January there, though 22:30 UTC.
			rows.push({
				...rows[0]!,
				id: 'evt-late',
				starts_at: '2027-01-10T22:30:00.000Z',
				ends_at: '2027-01-10T23:30:00.000Z',
				title_en: 'Late night'
			});
			await db.insertInto('events').values(rows).execute();

			const filter = { past: false, category: 'culture', page: 2 };
			const second = await content.events('en', filter, NOW, 12);
			expect(second.total).toBe(31);
			expect(second.pageCount).toBe(3);
			expect(titles(second.events)[0]).toBe('Culture 11');
			const third = await content.events('en', { ...filter, page: 3 }, NOW, 12);
			expect(third.events).toHaveLength(7);

			const day = {
				past: false,
				category: 'culture',
				page: 1,
				from: '2027-01-10',
				to: '2027-01-10'
			};
			expect(titles((await content.events('en', day, NOW)).events)).toEqual([
				'Culture 9',
				'Late night'
			]);
			const after = { ...day, from: '2027-01-11', to: undefined };
			const later = titles((await content.events('en', after, NOW)).events);
			expect(later).not.toContain('Late night');
			expect(later[0]).toBe('Culture 10');
			await db.deleteFrom('events').where('category', '=', 'culture').execute();
		});

		it('does not show news scheduled for later', async () => {
			await db
				.insertInto('news')
				.values({
					id: 'news-later',
					unit_id: null,
					published_at: '2026-12-01T09:00:00.000Z',
					image: null,
					title_no: 'Senere',
					title_en: 'Later',
					summary_no: '',
					summary_en: '',
					body_no: '',
					body_en: ''
				})
				.execute();
			expect(titles(await content.news('en', NOW))).not.toContain('Later');
			expect(await content.newsItem('en', 'news-later', NOW)).toBeUndefined();
		});

		it('marks a job closed after its deadline and drops its apply link', async () => {
			const open = await content.job('en', 'designer', NOW);
			expect(open).toMatchObject({ isOpen: true, applyUrl: 'mailto:arrangement@example.org' });
			const closed = await content.job('en', 'photographer', NOW);
			expect(closed).toMatchObject({ isOpen: false, applyUrl: null });
		});

		it('reads only the data of the unit tab asked for; the team from the team roles', async () => {
			const at = NOW.toISOString();
			const person = (id: string, name: string, deleted = false) => ({
				id,
				email: deleted ? null : `${id}@example.org`,
				name,
				created_at: at,
				deleted_at: deleted ? at : null
			});
			await db
				.insertInto('users')
				.values([
					person('t-ingrid', 'Ingrid Solberg'),
					person('t-jonas', 'Jonas Berg'),
					person('t-arne', 'Arne Aas'),
					person('t-gone', 'Gone', true)
				])
				.execute();
			const role = (user_id: string, role: string, title: string | null = null) => ({
				unit_id: 'board-oslo',
				user_id,
				role,
				created_at: at,
				title_no: title && `${title} (no)`,
				title_en: title
			});
			await db
				.insertInto('team_members')
				.values([
					role('t-arne', 'member'),
					role('t-jonas', 'finance'),
					role('t-ingrid', 'leader', 'Campus leader'),
					role('t-gone', 'leader')
				])
				.execute();

			const team = await content.unit('en', 'board-oslo', 'team', NOW);
			expect(team?.team).toEqual([
				{
					id: 't-ingrid',
					name: 'Ingrid Solberg',
					role: 'leader',
					title: { text: 'Campus leader', locale: 'en', isFallback: false }
				},
				{ id: 't-jonas', name: 'Jonas Berg', role: 'finance', title: null },
				{ id: 't-arne', name: 'Arne Aas', role: 'member', title: null }
			]);
			expect(team?.products).toEqual([]);
			const products = await content.unit('en', 'board-oslo', 'products', NOW);
			expect(products?.products.map((p) => p.slug)).toEqual(['hoodie', 'mug']);
			expect(products?.team).toEqual([]);

			// The campus leadership is the leaders of the campus's units, no one else.
			const [oslo] = await sqlContentStore(db).campusLeaders('no', 'oslo');
			expect(oslo?.leaders).toEqual([
				{
					name: 'Ingrid Solberg',
					role: 'leader',
					title: { text: 'Campus leader (no)', locale: 'no', isFallback: false },
					unit: {
						id: 'board-oslo',
						name: { text: 'Styret i Oslo', locale: 'no', isFallback: false }
					}
				}
			]);
			await db.deleteFrom('team_members').where('unit_id', '=', 'board-oslo').execute();
			await db.deleteFrom('users').where('id', 'like', 't-%').execute();
		});

		it('subtracts paid and authorized order lines and active reservations from stock', async () => {
			await db
				.insertInto('users')
				.values({
					id: 'u1',
					email: null,
					name: 'Buyer',
					password_hash: null,
					created_at: NOW.toISOString()
				})
				.execute();
			await db
				.insertInto('orders')
				.values([
					orderRow('o-paid', 'paid'),
					orderRow('o-auth', 'authorized'),
					orderRow('o-failed', 'failed')
				])
				.execute();
			const line = (id: string, orderId: string, quantity: number) => ({
				id,
				order_id: orderId,
				product_id: 'prod-hoodie',
				name: 'Hoodie',
				unit_price_ore: 49_900,
				quantity
			});
			await db
				.insertInto('order_lines')
				.values([line('l1', 'o-paid', 10), line('l2', 'o-auth', 5), line('l3', 'o-failed', 7)])
				.execute();
			await db
				.insertInto('cart_reservations')
				.values(
					reservationRow('r1', 'c1', 'prod-hoodie', 6, {
						from: NOW.toISOString(),
						until: new Date(NOW.getTime() + 60_000).toISOString()
					})
				)
				.execute();
			// 25 in stock − 10 paid − 5 authorized − 6 reserved; the failed order does not count.
			const hoodie = await content.shopProduct('en', 'hoodie', NOW);
			expect(hoodie).toMatchObject({ available: 4, stockState: 'low' });
			// A minute later the reservation has expired and counts no more.
			const later = await content.shopProduct('en', 'hoodie', new Date(NOW.getTime() + 120_000));
			expect(later).toMatchObject({ available: 10, stockState: 'in_stock' });
			const sticker = await content.shopProduct('en', 'sticker', NOW);
			expect(sticker).toMatchObject({ available: null, stockState: 'in_stock' });
		});

		it('the last units held only in carts are held, not sold out, until the first hold runs out', async () => {
			await db.updateTable('products').set({ stock: 3 }).where('id', '=', 'prod-mug').execute();
			const hold = (id: string, quantity: number, minutes: number) => ({
				id,
				cart_id: `cart-${id}`,
				product_id: 'prod-mug',
				quantity,
				created_at: NOW.toISOString(),
				expires_at: new Date(NOW.getTime() + minutes * 60_000).toISOString()
			});
			await db
				.insertInto('cart_reservations')
				.values([hold('m1', 2, 14), hold('m2', 1, 9)])
				.execute();
			const firstEnd = new Date(NOW.getTime() + 9 * 60_000).toISOString();
			expect(await content.shopProduct('no', 'mug', NOW)).toMatchObject({
				available: 0,
				stockState: 'held',
				heldUntil: firstEnd
			});
			const listed = (await content.shop('en', { page: 1 }, NOW)).products;
			expect(listed.find((p) => p.slug === 'mug')).toMatchObject({
				stockState: 'held',
				heldUntil: firstEnd
			});
			// Sold for good: sold out, with no time to come back.
			await db.updateTable('products').set({ stock: 0 }).where('id', '=', 'prod-mug').execute();
			expect(await content.shopProduct('no', 'mug', NOW)).toMatchObject({
				stockState: 'sold_out',
				heldUntil: null
			});
			await db.deleteFrom('cart_reservations').where('product_id', '=', 'prod-mug').execute();
			await db.updateTable('products').set({ stock: 10 }).where('id', '=', 'prod-mug').execute();
		});

		it('lists projects in their order and finds one by slug', async () => {
			expect((await content.projects('no')).map((p) => p.slug)).toEqual([
				'student-housing',
				'green-campus'
			]);
			expect((await content.project('en', 'student-housing'))?.unit?.name.text).toBe('Oslo Board');
			expect(await content.project('en', 'nope')).toBeUndefined();
		});
	});

	describe('search and sitemap', () => {
		it('search finds items in the page locale, ranked, and not news scheduled for later', async () => {
			const result = await content.search('en', 'Climbing', NOW);
			// The event has the word in its title, the club only in its text.
			expect(result.hits.map((h) => h.path)).toEqual([
				'/events/evt-climbing',
				'/units/sport-bergen'
			]);
			expect((await content.search('no', 'klatrekveld', NOW)).hits[0]?.path).toBe(
				'/events/evt-climbing'
			);
			await db
				.insertInto('news')
				.values({
					id: 'news-embargo',
					unit_id: null,
					published_at: '2026-12-24T09:00:00.000Z',
					image: null,
					title_no: 'Embargo',
					title_en: 'Embargoed announcement',
					summary_no: '',
					summary_en: '',
					body_no: '',
					body_en: ''
				})
				.execute();
			expect((await content.search('en', 'embargoed', NOW)).hits).toEqual([]);
			const atRelease = new Date('2026-12-24T09:00:00.000Z');
			expect((await content.search('en', 'embargoed', atRelease)).hits.map((h) => h.path)).toEqual([
				'/news/news-embargo'
			]);
			await db.deleteFrom('news').where('id', '=', 'news-embargo').execute();
		});

		it('the sitemap lists policies, published news and the active products the shop lists', async () => {
			await db.updateTable('products').set({ active: 0 }).where('slug', '=', 'sticker').execute();
			const paths = (await content.sitemapPaths(NOW)).map((p) => p.no);
			expect(paths).toEqual(
				expect.arrayContaining([
					'/policies/code-of-conduct',
					'/policies/expenses',
					'/news/news-new-board',
					'/events/evt-debate',
					'/jobs/photographer',
					'/projects/green-campus',
					'/shop/hoodie',
					'/shop/mug'
				])
			);
			expect(paths).not.toContain('/shop/sticker');
			expect(paths).not.toContain('/news/news-later');
			expect(paths.filter((p) => p.startsWith('/shop/membership'))).toEqual([]);
			await db.updateTable('products').set({ active: 1 }).where('slug', '=', 'sticker').execute();
		});
	});

	describe('the shop list', () => {
		it('comes a page at a time, in slug order, with the number of pages for the filter', async () => {
			const before = await content.shop('en', { page: 1 }, NOW);
			await db
				.insertInto('products')
				.values(
					Array.from({ length: 30 }, (_, i) => ({
						id: `prod-extra-${i}`,
						slug: `zz-extra-${String(i).padStart(2, '0')}`,
						unit_id: null,
						category: 'extra',
						price_ore: 1000,
						member_price_ore: null,
						stock: null,
						max_per_order: 5,
						image: null,
						featured: 0,
						active: 1,
						name_no: `Ekstra ${i}`,
						name_en: `Extra ${i}`,
						description_no: '',
						description_en: ''
					}))
				)
				.execute();
			const first = await content.shop('en', { page: 1 }, NOW, 24);
			const second = await content.shop('en', { page: 2 }, NOW, 24);
			const all = before.products.length + 30;
			expect([first.pageCount, first.products.length, second.products.length]).toEqual([
				2,
				24,
				all - 24
			]);
			expect(second.products.at(-1)?.slug).toBe('zz-extra-29');
			const extras = await content.shop('en', { category: 'extra', page: 2 }, NOW, 24);
			expect([extras.pageCount, extras.products.map((p) => p.slug)]).toEqual([
				2,
				['zz-extra-24', 'zz-extra-25', 'zz-extra-26', 'zz-extra-27', 'zz-extra-28', 'zz-extra-29']
			]);
			await db.deleteFrom('products').where('category', '=', 'extra').execute();
		});
	});
});
