// The full hostile-file corpus (issue 36: the review's sizes — 9 MiB object bombs, streams that
// inflate to gigabytes, Word parts of many megabytes) through every route that takes files, against
// the built server with `npm start`'s heap cap (192 MB). Each file is answered (refused with its
// limit named, or kept safely) and the server stays up; the claim PDF of hostile receipts stored
// before the limits is printed. Prints the server's resident memory per file kind: before, the
// peak while the corpus file went through every route, and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectBombPdf } from '../../src/lib/server/files/hostile-fixtures';
import { claimsOn, receiptLine } from '../helpers/expense-claims';
import { createSession } from '../helpers/fixtures';
import {
	hostileCorpus,
	isUp,
	rssMb,
	sendThrough,
	startCappedServer,
	storedAsBefore,
	uploadRoutes
} from '../helpers/hostile-corpus';
import type { TestServer } from '../helpers/server';

let server: TestServer;
let filesDir: string;
let stop: () => Promise<void>;

beforeAll(async () => {
	({ server, filesDir, stop } = await startCappedServer());
});
afterAll(() => stop?.());

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
		const claims = claimsOn(server.dbFile);
		const routes = uploadRoutes(server, (userId) => claims.draft(userId));
		for (const file of corpus) {
			const rss = await measured(async () => {
				for (const route of Object.entries(routes)) await sendThrough(server, route, file);
			});
			figures.push(
				`${file.kind.padEnd(34)} ${String(file.bytes.length).padStart(9)} B  RSS MB before ${rss.before}, peak ${rss.peak}, after ${rss.after}`
			);
		}
		await claims.close();
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

	afterAll(() => {
		console.log(`hostile files against the 192 MB server:\n${figures.join('\n')}`);
	});
});
