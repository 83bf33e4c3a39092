// The assistant's figures (issue 20), each against a baseline measured in the same run:
// - retrieval (src/lib/server/assistant): index build time and question time, against a naive scan
//   of every document for every word of the question, folded and matched as substrings, the way
//   the site search ranks (content/search.ts). Two corpora: the demo content of one locale (the
//   index also holds the other locale's text, as the retriever builds it), and a synthetic one a
//   hundred times larger made of the demo's own sentences (years of events, news);
// - retrieval quality: hit@1 and hit@3 on the questions of assistant/quality-set.ts (the test
//   quality.test.ts holds the floors);
// - the local answer: the whole `answerLocally` path (warm index, quotes, links) per question over
//   the quality set's questions, p50 and p99, against the same substring scan of the same questions;
// - OCR of one receipt photo through the receipts module (`suggestFromReceipts`, as the claim
//   form's description route reads it): the cold first read (tesseract's worker and models
//   started) and the p50 of warm reads of the test fixture's receipt, and of the same receipt as a
//   12-megapixel phone photo, against sharp's preparation of the same photo alone.
//
//   node bench/assistant.mjs   (BENCH_ASSISTANT_ROUNDS=50 question rounds per corpus,
//                               BENCH_ASSISTANT_ANSWERS=400 local answers, BENCH_OCR_RUNS=5 warm reads)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { QUICK } from './lib/load.mjs';
import { isMain } from './lib/servers.mjs';
import { sourceLoader } from './lib/sources.mjs';
import { printTable, ratio } from './lib/table.mjs';

const ROUNDS = Number(process.env.BENCH_ASSISTANT_ROUNDS) || (QUICK ? 10 : 50);
const ANSWERS = Number(process.env.BENCH_ASSISTANT_ANSWERS) || (QUICK ? 100 : 400);
const OCR_RUNS = Number(process.env.BENCH_OCR_RUNS) || (QUICK ? 2 : 5);
const GROWTH = 100;

const QUESTIONS = {
	en: [
		'When is the Christmas party?',
		'How much does the hoodie cost for members?',
		'How do I become a member?',
		'How do I get my expenses refunded?',
		'Who leads the board in Oslo?',
		'Is there a climbing night for beginners?',
		'career day companies',
		'what is the weather on mars tomorrow'
	],
	no: [
		'Når er julebordet?',
		'Hva koster hettegenseren for medlemmer?',
		'Hvordan blir jeg medlem?',
		'Hvordan får jeg refusjon for utlegg?',
		'Hvem leder styret i Oslo?',
		'klatrekveld nybegynnere',
		'pamelding karrieredag',
		'hva blir været på mars i morgen'
	]
};

/** The baseline: every document scanned for every folded word of the question. */
function naiveSearch(docs, question, foldForSearch) {
	const words = [...new Set(foldForSearch(question).split(/[^\p{L}\p{N}]+/u))].filter(
		(w) => w.length >= 2
	);
	const hits = [];
	for (const doc of docs) {
		const title = foldForSearch(doc.title);
		const text = foldForSearch(doc.text);
		let score = 0;
		for (const w of words) score += title.includes(w) ? 3 : text.includes(w) ? 1 : 0;
		if (score > 0) hits.push({ doc, score });
	}
	return hits.sort((a, b) => b.score - a.score).slice(0, 5);
}

/** The demo's documents repeated `times` times, each copy's sentences shuffled between copies. */
function grown(docs, times) {
	const sentences = docs.flatMap((d) => d.text.split(/(?<=[.!?])\s+/));
	let seed = 42;
	const pick = () => {
		seed = (seed * 1103515245 + 12345) % 2 ** 31;
		return sentences[seed % sentences.length];
	};
	const out = [];
	for (let i = 0; i < times; i++) {
		for (const d of docs) {
			const text = Array.from({ length: 6 }, pick).join(' ') + '\n\n' + d.text;
			out.push({ ...d, id: `${d.id}#${i}`, url: `${d.url}-${i}`, text });
		}
	}
	return out;
}

function timeIt(fn, repeat) {
	const started = performance.now();
	let result;
	for (let i = 0; i < repeat; i++) result = fn();
	return { ms: (performance.now() - started) / repeat, result };
}

/** The value below which `q` of the sorted samples lie (nearest rank). */
function percentile(samples, q) {
	const sorted = [...samples].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const round = (ms, places = 3) => Math.round(ms * 10 ** places) / 10 ** places;

async function retrievalPart(load, db) {
	const { publicDocs } = await load('/src/lib/server/assistant/corpus.ts');
	const { buildIndex } = await load('/src/lib/server/assistant/search-index.ts');
	const { foldForSearch } = await load('/src/lib/server/content/search.ts');
	const rows = [];
	const result = {};
	for (const locale of ['en', 'no']) {
		const corpusStart = performance.now();
		const demo = await publicDocs(db, locale);
		const corpusMs = performance.now() - corpusStart;
		// The index also holds the other locale's text of the same items, as the retriever builds it.
		const other = await publicDocs(db, locale === 'en' ? 'no' : 'en');
		for (const [name, docs, twins] of [
			['demo', demo, other],
			[`demo ×${GROWTH}`, grown(demo, GROWTH), grown(other, GROWTH)]
		]) {
			const build = timeIt(() => buildIndex([...docs, ...twins], locale), name === 'demo' ? 20 : 2);
			const index = build.result;
			const questions = QUESTIONS[locale];
			// One untimed round each, so neither side is measured while the JIT warms up.
			questions.forEach((q) => (index.search(q, 5), naiveSearch(docs, q, foldForSearch)));
			const bm25 = timeIt(() => questions.map((q) => index.search(q, 5)), ROUNDS);
			const naive = timeIt(() => questions.map((q) => naiveSearch(docs, q, foldForSearch)), ROUNDS);
			const perQ = (ms) => round(ms / questions.length);
			const found = bm25.result.filter((r) => r.hits.length > 0).length;
			result[`${locale} ${name}`] = {
				documents: docs.length,
				passages: index.size,
				buildMs: round(build.ms, 1),
				questionMs: perQ(bm25.ms),
				baselineQuestionMs: perQ(naive.ms),
				found: `${found}/${questions.length}`
			};
			rows.push([
				`${locale} ${name}`,
				docs.length,
				index.size,
				round(build.ms, 1),
				perQ(bm25.ms),
				perQ(naive.ms),
				`${ratio(naive.ms, bm25.ms)}×`,
				`${found}/${questions.length}`
			]);
		}
		result[`${locale} corpus read ms`] = Math.round(corpusMs);
	}
	console.log(
		`\nAssistant retrieval: index build and question time (mean of ${ROUNDS} rounds of ${QUESTIONS.en.length} questions), baseline a substring scan`
	);
	printTable(
		[
			'corpus',
			'docs',
			'passages',
			'build ms',
			'ms/question',
			'scan ms/question',
			'speed-up',
			'answered'
		],
		rows
	);
	return result;
}

/** hit@1 and hit@3 on the quality set, then the local answer's latency over its questions. */
async function localAnswerPart(load, db) {
	const { publicDocs } = await load('/src/lib/server/assistant/corpus.ts');
	const { assistantRetriever } = await load('/src/lib/server/assistant/retriever.ts');
	const { OFF_TOPIC, QUALITY_NOW, QUALITY_SET, retrievalQuality } = await load(
		'/src/lib/server/assistant/quality-set.ts'
	);
	const { foldForSearch } = await load('/src/lib/server/content/search.ts');
	const retriever = assistantRetriever({ db, now: () => QUALITY_NOW });
	const quality = {};
	const docs = {};
	for (const locale of ['no', 'en']) {
		const { misses: _misses, ...figures } = await retrievalQuality(retriever, locale);
		quality[locale] = { ...figures, offTopic: OFF_TOPIC[locale].length };
		docs[locale] = await publicDocs(db, locale, QUALITY_NOW);
	}
	console.log(
		'\nAssistant retrieval quality (assistant/quality-set.ts; floors in quality.test.ts)'
	);
	printTable(
		[
			'locale',
			'questions',
			'hit@1',
			'hit@3',
			'first set @1/@3',
			'paraphrases @1/@3',
			'off-topic',
			'found nothing'
		],
		Object.entries(quality).map(([locale, q]) => [
			locale,
			q.questions,
			q.hit1,
			q.hit3,
			`${q.sets.first.hit1}/${q.sets.first.hit3}`,
			`${q.sets.paraphrases.hit1}/${q.sets.paraphrases.hit3}`,
			q.offTopic,
			q.offTopicNothing
		])
	);

	// Both locales' questions in turn; the index is warm (retrievalQuality built it).
	const questions = ['no', 'en'].flatMap((locale) =>
		[...QUALITY_SET[locale].map((c) => c.question), ...OFF_TOPIC[locale]].map((q) => [q, locale])
	);
	for (const [q, locale] of questions) {
		await retriever.answerLocally(q, locale);
		naiveSearch(docs[locale], q, foldForSearch);
	}
	const buildsBefore = retriever.stats().builds;
	const answerMs = [];
	const scanMs = [];
	let found = 0;
	// Interleaved, so both sides meet the same moments of the machine's noise.
	for (let i = 0; i < ANSWERS; i++) {
		const [q, locale] = questions[i % questions.length];
		const t0 = performance.now();
		const answer = await retriever.answerLocally(q, locale);
		const t1 = performance.now();
		naiveSearch(docs[locale], q, foldForSearch);
		scanMs.push(performance.now() - t1);
		answerMs.push(t1 - t0);
		if (answer.found) found += 1;
	}
	if (retriever.stats().builds !== buildsBefore) throw new Error('the index was rebuilt mid-run');
	const result = {
		quality,
		localAnswer: {
			answers: ANSWERS,
			questions: questions.length,
			found: `${found}/${ANSWERS}`,
			p50Ms: round(percentile(answerMs, 0.5)),
			p99Ms: round(percentile(answerMs, 0.99)),
			baselineP50Ms: round(percentile(scanMs, 0.5)),
			baselineP99Ms: round(percentile(scanMs, 0.99))
		}
	};
	const a = result.localAnswer;
	a.p50Ratio = ratio(a.p50Ms, a.baselineP50Ms);
	a.p99Ratio = ratio(a.p99Ms, a.baselineP99Ms);
	console.log(
		`\nAssistant local answer (answerLocally, warm index): ${ANSWERS} answers over the ${questions.length} questions of the quality set, baseline the substring scan of the same question`
	);
	printTable(
		['measure', 'answer ms', 'scan ms', '× scan'],
		[
			['p50', a.p50Ms, a.baselineP50Ms, `${a.p50Ratio}×`],
			['p99', a.p99Ms, a.baselineP99Ms, `${a.p99Ratio}×`]
		]
	);
	return result;
}

/**
 * The fixture's receipt as a phone would take it: 12 megapixels (3024 × 4032), the receipt
 * enlarged to most of the frame's width and tilted 1.5° on a grey table. The OCR step scales it
 * to 2000 px, so it costs more than the fixture's 700 px.
 */
async function phonePhoto(rendered) {
	const table = '#b8b4ac';
	const receipt = await sharp(rendered)
		.resize({ width: 2400 })
		.rotate(1.5, { background: table })
		.toBuffer();
	return sharp({ create: { width: 3024, height: 4032, channels: 3, background: table } })
		.composite([{ input: receipt, top: 1200, left: 300 }])
		.jpeg({ quality: 85 })
		.toBuffer();
}

/** A Norwegian receipt read through the receipts module: the cold first read, then warm ones. */
async function ocrPart(load) {
	const { ocrService, suggestFromReceipts } = await load('/src/lib/server/receipts/index.ts');
	const { prepareImage } = await load('/src/lib/server/receipts/ocr.ts');
	const { NORWEGIAN_RECEIPT, receiptImage } = await load(
		'/src/lib/server/receipts/test-fixtures.ts'
	);
	const photos = {
		fixture: await receiptImage(NORWEGIAN_RECEIPT, 'jpeg'),
		phone: await phonePhoto(await receiptImage(NORWEGIAN_RECEIPT, 'png'))
	};
	const ocr = ocrService({ timeoutMs: 120_000 });
	const prepare = { maxSide: 2000, maxInputPixels: 50_000_000 };
	/** One read as the claim form's description route does it; it counts when the total is 234,00. */
	const read = async (bytes) => {
		const started = performance.now();
		const suggestion = await suggestFromReceipts(ocr, [{ mimeType: 'image/jpeg', bytes }], 'no');
		return { ms: performance.now() - started, read: suggestion.facts[0]?.totalOre === 23_400 };
	};
	/** p50 of warm reads and of sharp's step alone (the baseline), and how many were read. */
	const warm = async (bytes) => {
		const reads = [];
		for (let i = 0; i < OCR_RUNS; i++) reads.push(await read(bytes));
		await prepareImage(bytes, prepare);
		const sharpMs = [];
		for (let i = 0; i < OCR_RUNS; i++) {
			const started = performance.now();
			await prepareImage(bytes, prepare);
			sharpMs.push(performance.now() - started);
		}
		const p50Ms = Math.round(
			percentile(
				reads.map((r) => r.ms),
				0.5
			)
		);
		const baselineP50Ms = round(percentile(sharpMs, 0.5), 1);
		return {
			p50Ms,
			baselineP50Ms,
			ratio: ratio(p50Ms, baselineP50Ms),
			read: reads.filter((r) => r.read).length
		};
	};
	try {
		const cold = await read(photos.fixture);
		const fixture = await warm(photos.fixture);
		const phone = await warm(photos.phone);
		const kB = (bytes) => Math.round(bytes.length / 1000);
		const result = {
			photo: `the fixture's ${NORWEGIAN_RECEIPT.length}-line Norwegian receipt, 700 px wide JPEG (${kB(photos.fixture)} kB)`,
			phonePhoto: `the same receipt in a 3024×4032 phone photo (${kB(photos.phone)} kB)`,
			runs: OCR_RUNS,
			readEveryTime: cold.read && fixture.read === OCR_RUNS && phone.read === OCR_RUNS,
			coldMs: Math.round(cold.ms),
			coldRatio: ratio(Math.round(cold.ms), fixture.baselineP50Ms),
			warmP50Ms: fixture.p50Ms,
			baselineP50Ms: fixture.baselineP50Ms,
			warmRatio: fixture.ratio,
			phoneWarmP50Ms: phone.p50Ms,
			phoneBaselineP50Ms: phone.baselineP50Ms,
			phoneWarmRatio: phone.ratio
		};
		result.read = `${(cold.read ? 1 : 0) + fixture.read + phone.read}/${2 * OCR_RUNS + 1}`;
		console.log(
			`\nReceipt OCR through suggestFromReceipts: ${result.photo}, and ${result.phonePhoto}; baseline sharp's preparation of the same photo alone; read = total found`
		);
		printTable(
			['measure', 'ms', 'sharp ms', '× sharp', 'read'],
			[
				[
					'cold: first read, worker and models start',
					result.coldMs,
					fixture.baselineP50Ms,
					`${result.coldRatio}×`,
					cold.read ? '1/1' : '0/1'
				],
				[
					`warm p50 of ${OCR_RUNS}`,
					fixture.p50Ms,
					fixture.baselineP50Ms,
					`${fixture.ratio}×`,
					`${fixture.read}/${OCR_RUNS}`
				],
				[
					`phone photo, warm p50 of ${OCR_RUNS}`,
					phone.p50Ms,
					phone.baselineP50Ms,
					`${phone.ratio}×`,
					`${phone.read}/${OCR_RUNS}`
				]
			]
		);
		return result;
	} finally {
		await ocr.close();
	}
}

export async function assistantBench() {
	const sources = await sourceLoader();
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-assistant-'));
	try {
		const { load } = sources;
		const { openDatabase, migrate } = await load('/src/lib/server/db/index.ts');
		const { seedDemo } = await load('/src/lib/server/db/seed.ts');
		const { QUALITY_NOW } = await load('/src/lib/server/assistant/quality-set.ts');
		const { db } = openDatabase(join(dir, 'bench.db'));
		try {
			await migrate(db);
			// Seeded at the quality set's moment, so its figures are the test's.
			await seedDemo(db, QUALITY_NOW);
			const retrieval = await retrievalPart(load, db);
			const { quality, localAnswer } = await localAnswerPart(load, db);
			const ocr = await ocrPart(load);
			return { retrieval, quality, localAnswer, ocr };
		} finally {
			await db.destroy();
		}
	} finally {
		await sources.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The lines of `npm run bench`'s summary. */
export function printAssistantSummary({ quality, localAnswer: a, ocr }) {
	console.log('\nAssistant (issue 20)');
	for (const [locale, q] of Object.entries(quality))
		console.log(
			`  retrieval quality ${locale}: hit@1 ${q.hit1}, hit@3 ${q.hit3} (${q.questions} questions: first set ${q.sets.first.hit1}/${q.sets.first.hit3}, paraphrases ${q.sets.paraphrases.hit1}/${q.sets.paraphrases.hit3}); off-topic found nothing ${q.offTopicNothing}`
		);
	console.log(
		`  local answer: p50 ${a.p50Ms} ms (${a.p50Ratio}× the scan), p99 ${a.p99Ms} ms (${a.p99Ratio}×)`
	);
	console.log(
		`  OCR of one receipt: cold ${ocr.coldMs} ms, warm p50 ${ocr.warmP50Ms} ms (${ocr.warmRatio}× sharp's step alone); as a phone photo ${ocr.phoneWarmP50Ms} ms (${ocr.phoneWarmRatio}×); read ${ocr.read}`
	);
}

if (isMain(import.meta.url)) printAssistantSummary(await assistantBench());
