// Retrieval quality on the demo content: for each question of quality-set.ts, is the page a good
// answer cites the first page the retriever gives (hit@1), or among the first three (hit@3)? And
// does a question the site holds no answer to find nothing? The floors sit a little below what
// was measured, so a change to the ranker that makes visitors find less fails here. SQLite only:
// both engines hold the same content and the index is built in memory, so the second engine
// would measure the same thing again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '$lib/i18n';
import { seedDemo } from '../db/seed';
import { testDatabase, type TestDatabase } from '../db/test-db';
import { publicDocs } from './corpus';
import { OFF_TOPIC, QUALITY_NOW as NOW, QUALITY_SET, retrievalQuality } from './quality-set';
import { assistantRetriever, type AssistantRetriever } from './retriever';

/**
 * Measured 2026-11-27 (the test prints the figures): the first set (2026-11-24) and the paraphrases
 * added before compounds, the other locale's text and page keywords were looked for; a rate below
 * its floor fails. Before those, the paraphrases were at no 0.35/0.55 and en 0.5/0.6.
 */
const FLOORS: Record<Locale, { first: Floor; paraphrases: Floor; offTopicNothing: number }> = {
	no: {
		first: { hit1: 0.85, hit3: 0.95 },
		paraphrases: { hit1: 0.7, hit3: 0.85 },
		offTopicNothing: 0.8
	},
	en: {
		first: { hit1: 0.93, hit3: 0.97 },
		paraphrases: { hit1: 0.75, hit3: 0.85 },
		offTopicNothing: 1
	}
};
type Floor = { hit1: number; hit3: number };

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
		'%s: the expected page is first, or among the first three, often enough, and an off-topic question finds nothing',
		async (locale) => {
			const quality = await retrievalQuality(retriever, locale);
			const floor = FLOORS[locale];
			const { first, paraphrases } = quality.sets;
			console.log(
				`assistant retrieval quality (${locale}): ${quality.questions} questions, ` +
					`hit@1 ${quality.hit1}, hit@3 ${quality.hit3}; ` +
					`first set ${first.hit1}/${first.hit3} (floors ${floor.first.hit1}/${floor.first.hit3}), ` +
					`paraphrases ${paraphrases.hit1}/${paraphrases.hit3} ` +
					`(floors ${floor.paraphrases.hit1}/${floor.paraphrases.hit3}); ` +
					`${OFF_TOPIC[locale].length} off-topic, found nothing for ${quality.offTopicNothing} ` +
					`(floor ${floor.offTopicNothing})\n  ${quality.misses.join('\n  ')}`
			);
			expect(first.hit1).toBeGreaterThanOrEqual(floor.first.hit1);
			expect(first.hit3).toBeGreaterThanOrEqual(floor.first.hit3);
			expect(paraphrases.hit1).toBeGreaterThanOrEqual(floor.paraphrases.hit1);
			expect(paraphrases.hit3).toBeGreaterThanOrEqual(floor.paraphrases.hit3);
			expect(quality.offTopicNothing).toBeGreaterThanOrEqual(floor.offTopicNothing);
		}
	);
});
