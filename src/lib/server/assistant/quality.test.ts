// Retrieval quality on the demo content: for each question of quality-set.ts, is the page a good
// answer cites the first page the retriever gives (hit@1), or among the first three (hit@3)?
// The floors sit a little below what was measured, so a change to the ranker that makes visitors
// find less fails here. SQLite only: both engines hold the same content and the index is built in
// memory, so the second engine would measure the same thing again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '$lib/i18n';
import { seedDemo } from '../db/seed';
import { testDatabase, type TestDatabase } from '../db/test-db';
import { publicDocs } from './corpus';
import { OFF_TOPIC, QUALITY_SET } from './quality-set';
import { assistantRetriever, type AssistantRetriever } from './retriever';

/** Events' recency and scheduled news depend on the clock: one fixed instant. */
const NOW = new Date('2026-11-23T09:00:00.000Z');

/** Measured 2026-11-24 (the test prints the figures); a rate below its floor fails. */
const FLOORS: Record<Locale, { hit1: number; hit3: number; offTopicNothing: number }> = {
	no: { hit1: 0.8, hit3: 0.93, offTopicNothing: 0.7 },
	en: { hit1: 0.9, hit3: 0.93, offTopicNothing: 0.9 }
};

/** Enough passages for three distinct pages: at most two passages of one page are returned. */
const PASSAGES = 12;

/** The distinct page addresses the retriever gives for a question, best first. */
async function rankedPages(retriever: AssistantRetriever, question: string, locale: Locale) {
	const passages = await retriever.retrieve(question, locale, PASSAGES);
	return [...new Set(passages.map((p) => p.url))];
}

describe('assistant retrieval quality on the demo content', () => {
	let test: TestDatabase;
	let retriever: AssistantRetriever;

	beforeAll(async () => {
		test = await testDatabase('sqlite');
		await seedDemo(test.db, NOW);
		retriever = assistantRetriever({ db: test.db, changes: test.changes, now: () => NOW });
	});

	afterAll(() => test.destroy());

	it.each(['no', 'en'] as const)(
		'every expected page of the %s set is a page the assistant indexes',
		async (locale) => {
			const urls = new Set((await publicDocs(test.db, locale, NOW)).map((d) => d.url));
			const cases = QUALITY_SET[locale];
			expect(cases.length).toBeGreaterThanOrEqual(30);
			expect(cases.map((c) => c.expected).filter((url) => !urls.has(url))).toEqual([]);
		}
	);

	it.each(['no', 'en'] as const)(
		'%s: the expected page is first, or among the first three, often enough',
		async (locale) => {
			const cases = QUALITY_SET[locale];
			let hit1 = 0;
			let hit3 = 0;
			const misses: string[] = [];
			for (const { question, expected } of cases) {
				const pages = await rankedPages(retriever, question, locale);
				const rank = pages.indexOf(expected) + 1;
				if (rank === 1) hit1 += 1;
				if (rank >= 1 && rank <= 3) hit3 += 1;
				if (rank !== 1) {
					const got = pages.slice(0, 3).join(', ') || 'nothing';
					misses.push(`  ${rank === 0 ? '–' : `#${rank}`} ${question} → ${expected}; got ${got}`);
				}
			}
			const rate = (hits: number) => Math.round((hits / cases.length) * 1000) / 1000;
			const figures = { questions: cases.length, hit1: rate(hit1), hit3: rate(hit3) };
			console.log(
				`assistant retrieval quality (${locale}): ${figures.questions} questions, ` +
					`hit@1 ${figures.hit1} (floor ${FLOORS[locale].hit1}), ` +
					`hit@3 ${figures.hit3} (floor ${FLOORS[locale].hit3})\n` +
					misses.join('\n')
			);
			expect(figures.hit1).toBeGreaterThanOrEqual(FLOORS[locale].hit1);
			expect(figures.hit3).toBeGreaterThanOrEqual(FLOORS[locale].hit3);
		}
	);

	it.each(['no', 'en'] as const)(
		'%s: a question the site has no answer to finds nothing, often enough',
		async (locale) => {
			const questions = OFF_TOPIC[locale];
			const answered: string[] = [];
			for (const question of questions) {
				const pages = await rankedPages(retriever, question, locale);
				if (pages.length > 0) answered.push(`  ${question} → ${pages.slice(0, 3).join(', ')}`);
			}
			const nothing = Math.round((1 - answered.length / questions.length) * 1000) / 1000;
			console.log(
				`assistant off-topic questions (${locale}): ${questions.length}, found nothing for ` +
					`${nothing} (floor ${FLOORS[locale].offTopicNothing})\n${answered.join('\n')}`
			);
			expect(nothing).toBeGreaterThanOrEqual(FLOORS[locale].offTopicNothing);
		}
	);
});
