// The assistant's retrieval (src/lib/server/assistant): index build time and question time,
// against a naive baseline measured in the same run: a scan of every document for every word of
// the question, folded and matched as substrings, the way the site search ranks (content/search.ts).
// Two corpora: the demo content of one locale, and a synthetic one a hundred times larger made of
// the demo's own sentences (a site after years of events and news).
//
//   node bench/assistant.mjs        (BENCH_ASSISTANT_ROUNDS=50 by default: questions per corpus × rounds)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { ROOT } from './lib/orgweb.mjs';
import { isMain } from './lib/servers.mjs';
import { printTable, ratio } from './lib/table.mjs';

const ROUNDS = Number(process.env.BENCH_ASSISTANT_ROUNDS ?? 50);
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

export async function assistantBench() {
	const vite = await createServer({
		root: ROOT,
		logLevel: 'error',
		appType: 'custom',
		server: { middlewareMode: true, hmr: false, watch: null }
	});
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-assistant-'));
	try {
		const load = (path) => vite.ssrLoadModule(path);
		const { openDatabase, migrate } = await load('/src/lib/server/db/index.ts');
		const { seedDemo } = await load('/src/lib/server/db/seed.ts');
		const { publicDocs } = await load('/src/lib/server/assistant/corpus.ts');
		const { buildIndex } = await load('/src/lib/server/assistant/search-index.ts');
		const { foldForSearch } = await load('/src/lib/server/content/search.ts');

		const { db } = openDatabase(join(dir, 'bench.db'));
		await migrate(db);
		await seedDemo(db);
		const rows = [];
		const result = {};
		for (const locale of ['en', 'no']) {
			const corpusStart = performance.now();
			const demo = await publicDocs(db, locale);
			const corpusMs = performance.now() - corpusStart;
			for (const [name, docs] of [
				['demo', demo],
				[`demo ×${GROWTH}`, grown(demo, GROWTH)]
			]) {
				const build = timeIt(() => buildIndex(docs, locale), name === 'demo' ? 20 : 2);
				const index = build.result;
				const questions = QUESTIONS[locale];
				// One untimed round each, so neither side is measured while the JIT warms up.
				questions.forEach((q) => (index.search(q, 5), naiveSearch(docs, q, foldForSearch)));
				const bm25 = timeIt(() => questions.map((q) => index.search(q, 5)), ROUNDS);
				const naive = timeIt(
					() => questions.map((q) => naiveSearch(docs, q, foldForSearch)),
					ROUNDS
				);
				const perQ = (ms) => Math.round((ms / questions.length) * 1000) / 1000;
				const found = bm25.result.filter((r) => r.hits.length > 0).length;
				result[`${locale} ${name}`] = {
					documents: docs.length,
					passages: index.size,
					buildMs: Math.round(build.ms * 10) / 10,
					questionMs: perQ(bm25.ms),
					baselineQuestionMs: perQ(naive.ms),
					found: `${found}/${questions.length}`
				};
				rows.push([
					`${locale} ${name}`,
					docs.length,
					index.size,
					Math.round(build.ms * 10) / 10,
					perQ(bm25.ms),
					perQ(naive.ms),
					`${ratio(naive.ms, bm25.ms)}×`,
					`${found}/${questions.length}`
				]);
			}
			result[`${locale} corpus read ms`] = Math.round(corpusMs);
		}
		await db.destroy();
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
	} finally {
		await vite.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

if (isMain(import.meta.url)) await assistantBench();
