// The full hostile-file corpus (issue 36: the review's sizes — 9 MiB object bombs, streams that
// inflate to gigabytes, Word parts of many megabytes) through every route that takes files, against
// the built server with `npm start`'s heap cap (192 MB). Each file is answered (refused with its
// limit named, or kept safely) and the server stays up; the claim PDF of hostile receipts stored
// before the limits is printed. Prints the server's resident memory per file kind: before, the
// peak while the corpus file went through every route, and after. Afterwards, once the parsers'
// idle workers have ended, the server's memory is back near idle and its own heap limit is still
// the one `npm start` set (docs/decisions.md, resident memory after hostile files).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectBombPdf } from '../../src/lib/server/files/hostile-fixtures';
import { claimsOn, receiptLine } from '../helpers/expense-claims';
import { createSession } from '../helpers/fixtures';
import {
	hostileCorpus,
	isUp,
	residentMb,
	rssMb,
	sendThrough,
	startCappedServer,
	storedAsBefore,
	threadCount,
	until,
	uploadRoutes
} from '../helpers/hostile-corpus';
import type { TestServer } from '../helpers/server';

let server: TestServer;
let filesDir: string;
let stop: () => Promise<void>;
let heapLimitMb: () => Promise<number>;
let claims: ReturnType<typeof claimsOn>;
let routes: ReturnType<typeof uploadRoutes>;
/** The server idle as started: its memory, threads and heap limit. */
let idle: { rss: number; anonymous: number; file: number; threads: number; heapLimit: number };

/**
 * The most the server's resident memory may stay above idle once the corpus has gone through and
 * the idle workers have ended. Measured here: 99–101 MB idle, 185–199 MB then (243 MB before the
 * fixes). What stays is not returnable from here: about 19 MB file-backed (the parsers' and
 * libvips's code, mapped at first use), 32 MB of the server's own heap, garbage until V8's next
 * full collection, 31 MB that glibc keeps of freed memory and 17 MB of other mappings
 * (docs/decisions.md, resident memory after hostile files).
 */
const RETURNED_WITHIN_MB = 115;

beforeAll(async () => {
	({ server, filesDir, stop, heapLimitMb } = await startCappedServer());
	expect(await isUp(server)).toBe(true);
	idle = {
		...residentMb(server.pid),
		threads: threadCount(server.pid),
		heapLimit: await heapLimitMb()
	};
	claims = claimsOn(server.dbFile);
	routes = uploadRoutes(server, (userId) => claims.draft(userId));
});

/** Waits until the parsers' idle workers have ended (the server has its first threads only). */
function idleWorkersEnded() {
	return until(() => (threadCount(server.pid) <= idle.threads ? true : null));
}
afterAll(async () => {
	await claims?.close();
	await stop?.();
});

/** Runs `work` while sampling the server's RSS every 20 ms; the before, peak and after figures. */
async function measured(work: () => Promise<void>) {
	const before = rssMb(server.pid);
	let peak = before;
	const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
	try {
		await work();
	} finally {
		clearInterval(sampler);
	}
	return { before, peak: Math.max(peak, rssMb(server.pid)), after: rssMb(server.pid) };
}

const figures: string[] = [];

describe('the full hostile-file corpus against the capped server', () => {
	it('is answered by every route, file by file, and the server stays up', async () => {
		const corpus = await hostileCorpus(true);
		for (const file of corpus) {
			const rss = await measured(async () => {
				for (const route of Object.entries(routes)) await sendThrough(server, route, file);
			});
			figures.push(
				`${file.kind.padEnd(34)} ${String(file.bytes.length).padStart(9)} B  RSS MB before ${rss.before}, peak ${rss.peak}, after ${rss.after}`
			);
		}
	}, 600_000);

	it('prints the claim PDF of ten hostile receipts stored before the limits', async () => {
		const claimant = createSession(server.dbFile);
		const bytes = objectBombPdf(160_000);
		const ids: string[] = [];
		for (let n = 1; n <= 10; n++) {
			ids.push(
				await storedAsBefore(server, filesDir, claimant.userId, { bytes, name: `bomb-${n}.pdf` })
			);
		}
		const claims = claimsOn(server.dbFile);
		const claimId = await claims.draft(claimant.userId, {
			lines: ids.map((fileId, i) => receiptLine(`${100 + i},00`, { fileId }))
		});
		await claims.close();
		let status = 0;
		const rss = await measured(async () => {
			const res = await fetch(`${server.url}/en/fs/${claimId}/pdf`, {
				headers: { cookie: claimant.cookie }
			});
			status = res.status;
			await res.arrayBuffer();
		});
		expect(status).toBe(200);
		expect(await isUp(server)).toBe(true);
		figures.push(
			`${'claim PDF, 10 × 160,000 objects'.padEnd(34)} ${String(bytes.length * 10).padStart(9)} B  RSS MB before ${rss.before}, peak ${rss.peak}, after ${rss.after}`
		);
	}, 600_000);

	it('gives its memory back once the idle workers have ended, and keeps its own heap limit', async () => {
		const ended = Date.now();
		const settledAt = residentMb(server.pid);
		await idleWorkersEnded();
		const after = residentMb(server.pid);
		const heapLimit = await heapLimitMb();
		figures.push(
			`idle: RSS ${idle.rss} MB (anonymous ${idle.anonymous}, file ${idle.file}), ${idle.threads} threads, heap limit ${idle.heapLimit} MB`,
			`right after the corpus: RSS ${settledAt.rss} MB (anonymous ${settledAt.anonymous}, file ${settledAt.file})`,
			`idle workers ended after ${Date.now() - ended} ms: RSS ${after.rss} MB (anonymous ${after.anonymous}, file ${after.file}), heap limit ${heapLimit} MB`
		);
		// The workers' heaps are unlimited by --max-old-space-size (bounded-worker.ts clears the
		// flag); the server's own stays what it was given at start, far below V8's default here.
		expect(heapLimit).toBe(idle.heapLimit);
		expect(idle.heapLimit).toBeLessThan(256);
		expect(after.rss).toBeLessThanOrEqual(idle.rss + RETURNED_WITHIN_MB);
	}, 120_000);

	afterAll(() => {
		console.log(`hostile files against the 192 MB server:\n${figures.join('\n')}`);
	});
});
