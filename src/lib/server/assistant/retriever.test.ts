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
			expect(reply.answer).toContain('/en/contact');
			const no = await assistant.answerLocally('xyzzy plugh', 'no');
			expect(no.answer).toContain('/no/search?q=xyzzy%20plugh');
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
			expect(await assistant.retrieve('hettegenser', 'en')).toEqual([]);
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
