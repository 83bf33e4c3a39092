import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { assistantRetriever, type AssistantRetriever } from './retriever';

const NOW = new Date('2026-11-23T09:00:00.000Z');

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let assistant: AssistantRetriever;

	beforeEach(async () => {
		test = await testDatabase(engine);
		await seedDemo(test.db, NOW);
		assistant = assistantRetriever({ db: test.db, changes: test.changes, now: () => NOW });
	});

	afterEach(() => test.destroy());

	describe('the local assistant', () => {
		it('answers an English question with the event quoted, its title and its link', async () => {
			const reply = await assistant.answerLocally('When is the Christmas party?', 'en');
			expect(reply.found).toBe(true);
			expect(reply.sources[0]).toEqual({
				title: 'Christmas party',
				url: '/en/events/evt-julebord'
			});
			expect(reply.answer).toContain('Christmas party: “');
			expect(reply.answer).toContain('Chateau Neuf');
			expect(reply.answer).not.toMatch(/julebord|Julebord/);
		});

		it('answers a Norwegian question with inflected words from the Norwegian pages', async () => {
			const reply = await assistant.answerLocally(
				'Når er julebordet, og hva koster billetten?',
				'no'
			);
			expect(reply.found).toBe(true);
			expect(reply.sources.map((s) => s.url)).toContain('/no/events/evt-julebord');
			expect(reply.answer.startsWith('Dette fant jeg på nettstedet:')).toBe(true);
			expect(reply.answer).toContain('«');
		});

		it('says it could not find a nonsense question and points to the search and contact pages', async () => {
			const reply = await assistant.answerLocally('xyzzy plugh frobnicate?', 'en');
			expect(reply.found).toBe(false);
			expect(reply.sources).toEqual([]);
			expect(reply.links.map((l) => l.url)).toEqual([
				'/en/search?q=xyzzy%20plugh%20frobnicate%3F',
				'/en/contact'
			]);
			expect(reply.answer).toContain('could not find');
			// The addresses are links under the answer, not text in it.
			expect(reply.answer).not.toMatch(/\/en\/(contact|search)/);
			const no = await assistant.answerLocally('xyzzy plugh', 'no');
			expect(no.answer).not.toMatch(/\/no\/(contact|search)/);
			expect(no.links[0]?.url).toBe('/no/search?q=xyzzy%20plugh');
		});

		it('gives the model adapter ranked passages in the locale only', async () => {
			const passages = await assistant.retrieve('hoodie price', 'en', 3);
			expect(passages[0]).toMatchObject({
				title: 'Hoodie',
				url: '/en/shop/hoodie',
				kind: 'product'
			});
			expect(passages[0]!.text).toContain('NOK');
			expect(passages.length).toBeLessThanOrEqual(3);
			// A Norwegian word in an English question: the English page of the item, in English.
			const [hoodie] = await assistant.retrieve('hettegenser', 'en');
			expect(hoodie).toMatchObject({ url: '/en/shop/hoodie', title: 'Hoodie' });
			expect(hoodie!.text).toContain('organic cotton');
		});

		it('answers an English question with a Norwegian word from the English page of that item', async () => {
			const fadderuke = await assistant.answerLocally('When is the fadderuke?', 'en');
			expect(fadderuke.sources.map((s) => s.url)).toContain('/en/students');
			expect(fadderuke.answer).toContain('buddy week');
			expect(fadderuke.answer).not.toContain('fadderuke,');
			const julebord = await assistant.answerLocally('When is the julebord?', 'en');
			expect(julebord.sources[0]?.url).toBe('/en/events/evt-julebord');
			const career = await assistant.answerLocally('Når er career day?', 'no');
			expect(career.sources[0]).toEqual({ title: 'Karrieredag', url: '/no/events/evt-career' });
		});

		it('finds what a Norwegian compound is about from a part of it', async () => {
			const housing = await assistant.answerLocally('Hjelper dere med bolig?', 'no');
			expect(housing.sources[0]?.url).toBe('/no/projects/student-housing');
			const shop = await assistant.answerLocally('Når åpner butikken på nett?', 'no');
			expect(shop.sources[0]?.url).toBe('/no/news/news-shop-open');
			expect(shop.answer).toContain('Nettbutikken er åpen');
		});

		it('answers the price of membership from /membership, which sells the four plans', async () => {
			for (const [question, locale, price] of [
				['Hva koster medlemskap?', 'no', 'Medlemskap, helår 600 kr'],
				['How much does membership cost?', 'en', 'Membership, full year NOK 600']
			] as const) {
				const reply = await assistant.answerLocally(question, locale);
				expect(reply.sources[0]?.url).toBe(`/${locale}/membership`);
				expect(reply.answer.replace(/\s/g, ' ')).toContain(price);
				expect(reply.answer).not.toMatch(/kommer snart|coming soon/);
			}
			// Each plan is no document of its own beside the page.
			const passages = await assistant.retrieve('medlemskap semester student', 'no', 12);
			const titles = passages.filter((p) => p.url === '/no/membership').map((p) => p.title);
			expect(new Set(titles)).toEqual(new Set(['Medlemskap']));
		});

		it('finds the office on the contact page, and how to get reimbursed with a link to the claims', async () => {
			for (const locale of ['no', 'en'] as const) {
				const office = await assistant.answerLocally(
					locale === 'no' ? 'Hvor er kontoret deres?' : 'Where is your office?',
					locale
				);
				expect(office.sources[0]?.url).toBe(`/${locale}/contact`);
				expect(office.answer).toContain('Campusveien 1, 0371 Oslo');
				const reimbursed = await assistant.answerLocally(
					locale === 'no' ? 'Hvordan får jeg refusjon?' : 'How do I get reimbursed?',
					locale
				);
				expect(reimbursed.sources.map((s) => s.url)).toEqual([
					`/${locale}/policies/expenses`,
					`/${locale}/fs`
				]);
			}
		});

		it("finds a page by the search keywords an admin gives it, in that page's locale", async () => {
			expect((await assistant.answerLocally('varsling whistleblowing', 'en')).found).toBe(false);
			await test.db
				.updateTable('pages')
				.set({ keywords_no: 'varsling, varsle', keywords_en: 'whistleblowing, whistleblower' })
				.where('slug', '=', 'safety')
				.execute();
			const reply = await assistant.answerLocally('Is there a whistleblower scheme?', 'en');
			expect(reply.sources[0]).toEqual({ title: 'Safety', url: '/en/safety' });
		});

		it('finds a news item written after the first question, without a restart', async () => {
			expect((await assistant.answerLocally('hackathon', 'en')).found).toBe(false);
			await test.db
				.insertInto('news')
				.values({
					id: 'news-hackathon',
					unit_id: null,
					published_at: new Date(NOW.getTime() - 3_600_000).toISOString(),
					image: null,
					title_no: 'Hackaton i januar',
					title_en: 'Hackathon in January',
					summary_no: 'Bygg en app på 24 timer.',
					summary_en: 'Build an app in 24 hours.',
					body_no: '',
					body_en: ''
				})
				.execute();
			const reply = await assistant.answerLocally('hackathon', 'en');
			expect(reply.found).toBe(true);
			expect(reply.sources[0]?.url).toBe('/en/news/news-hackathon');

			await test.db
				.updateTable('events')
				.set({ location: 'Samfundet, Trondheim' })
				.where('id', '=', 'evt-julebord')
				.execute();
			expect((await assistant.answerLocally('Christmas party', 'en')).answer).toContain(
				'Samfundet'
			);
		});

		it('builds an index once per locale and reuses it while nothing changes', async () => {
			// Questions arriving together share the build in flight.
			await Promise.all([
				assistant.answerLocally('Christmas party', 'en'),
				assistant.answerLocally('hoodie', 'en'),
				assistant.retrieve('career day', 'en')
			]);
			await assistant.answerLocally('Sticker', 'en');
			expect(assistant.stats().builds).toBe(1);
			await assistant.answerLocally('julebord', 'no');
			expect(assistant.stats().builds).toBe(2);
		});

		it('answers with a scheduled news item once it is published, with no write in between', async () => {
			let now = NOW;
			const clocked = assistantRetriever({
				db: test.db,
				changes: test.changes,
				now: () => now,
				maxAgeMs: 60_000
			});
			await test.db
				.insertInto('news')
				.values({
					id: 'news-scheduled',
					unit_id: null,
					published_at: new Date(NOW.getTime() + 30 * 60_000).toISOString(),
					image: null,
					title_no: 'Hackaton i januar',
					title_en: 'Hackathon in January',
					summary_no: '',
					summary_en: 'Build an app in 24 hours.',
					body_no: '',
					body_en: ''
				})
				.execute();
			expect((await clocked.answerLocally('hackathon', 'en')).found).toBe(false);
			now = new Date(NOW.getTime() + 31 * 60_000);
			expect((await clocked.answerLocally('hackathon', 'en')).sources[0]?.url).toBe(
				'/en/news/news-scheduled'
			);
		});

		it('adds the documents of a provider to the answers', async () => {
			const withDocs = assistantRetriever({
				db: test.db,
				now: () => NOW,
				extraDocs: async (locale) => [
					{
						id: 'document:handbook',
						kind: 'document',
						locale,
						title: locale === 'en' ? 'Volunteer handbook' : 'Frivillighåndbok',
						url: `/${locale}/documents/handbook`,
						text:
							locale === 'en'
								? 'Volunteers get free coffee at every event.'
								: 'Frivillige får gratis kaffe.'
					}
				]
			});
			const reply = await withDocs.answerLocally('Do volunteers get free coffee?', 'en');
			expect(reply.sources[0]).toEqual({
				title: 'Volunteer handbook',
				url: '/en/documents/handbook'
			});
		});
	});
});
