import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { publicDocs, siteLinks } from './corpus';

const NOW = new Date('2026-11-23T09:00:00.000Z');

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;

	beforeAll(async () => {
		test = await testDatabase(engine);
		await seedDemo(test.db, NOW);
	});

	afterAll(() => test.destroy());

	describe('the assistant corpus', () => {
		it('holds every public kind of the demo content, at its localized address', async () => {
			const en = await publicDocs(test.db, 'en', NOW);
			const kinds = new Set(en.map((d) => d.kind));
			expect([...kinds].sort()).toEqual(
				['event', 'job', 'news', 'page', 'product', 'project', 'unit'].sort()
			);
			const byUrl = new Map(en.map((d) => [d.url, d]));
			expect(byUrl.get('/en/events/evt-julebord')?.title).toBe('Christmas party');
			expect(byUrl.get('/en/events/evt-julebord')?.text).toContain('Chateau Neuf, Oslo');
			expect(byUrl.get('/en/about/bylaws')?.kind).toBe('page');
			expect(byUrl.get('/en/policies/expenses')?.kind).toBe('page');
			expect(byUrl.get('/en/shop/hoodie')?.text).toMatch(/Member price: NOK\s?399/);
			expect(byUrl.get('/en/news/news-new-board')?.date).toBeDefined();
			expect(byUrl.get('/en/units/board-oslo')?.title).toBe('Oslo Board');
			const no = await publicDocs(test.db, 'no', NOW);
			expect(no.find((d) => d.url === '/no/events/evt-julebord')?.title).toBe('Julebord');
		});

		it("gives a page its locale's keywords and the site's pages its text links to", async () => {
			const en = await publicDocs(test.db, 'en', NOW);
			const expenses = en.find((d) => d.url === '/en/policies/expenses');
			expect(expenses?.keywords).toContain('reimbursement');
			expect(expenses?.links).toEqual([{ title: 'The expense system', url: '/en/fs' }]);
			// The link's text stays in the passage; its address does not.
			expect(expenses?.text).toContain('Submit the claim in the expense system no later');
			const no = await publicDocs(test.db, 'no', NOW);
			expect(no.find((d) => d.url === '/no/contact')?.keywords).toContain('kontor');
			expect(siteLinks('Se [søket](/search) og [her](https://example.org).', 'no')).toEqual([
				{ title: 'Søket', url: '/no/search' }
			]);
		});

		it('leaves out what the site does not show: scheduled news and inactive products', async () => {
			await test.db
				.insertInto('news')
				.values({
					id: 'news-later',
					unit_id: null,
					published_at: new Date(NOW.getTime() + 86_400_000).toISOString(),
					image: null,
					title_no: 'Hemmelig nyhet',
					title_en: 'Secret news',
					summary_no: '',
					summary_en: '',
					body_no: '',
					body_en: ''
				})
				.execute();
			await test.db.updateTable('products').set({ active: 0 }).where('slug', '=', 'mug').execute();
			const en = await publicDocs(test.db, 'en', NOW);
			expect(en.map((d) => d.title)).not.toContain('Secret news');
			expect(en.map((d) => d.url)).not.toContain('/en/shop/mug');
			expect(en.map((d) => d.url)).toContain('/en/shop/hoodie');
		});

		it('takes no text from the other locale, so English readers never get Norwegian', async () => {
			await test.db
				.updateTable('pages')
				.set({ title_en: '', summary_en: '', body_en: '' })
				.where('slug', '=', 'press')
				.execute();
			await test.db
				.updateTable('units')
				.set({ body_en: '' })
				.where('id', '=', 'board-oslo')
				.execute();
			const en = await publicDocs(test.db, 'en', NOW);
			expect(en.map((d) => d.url)).not.toContain('/en/press');
			const board = en.find((d) => d.url === '/en/units/board-oslo');
			expect(board?.text).toContain('The board leads the organisation');
			expect(board?.text).not.toContain('Styret');
			expect(en.every((d) => d.locale === 'en' && d.url.startsWith('/en'))).toBe(true);
		});
	});
});
