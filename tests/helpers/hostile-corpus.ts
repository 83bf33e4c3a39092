// The hostile-file corpus (issue 36) and every route that takes files, for the quick pass in
// tests/integration/hostile-uploads.test.ts and the full one in tests/resilience. Files are made
// in code (src/lib/server/files/hostile-fixtures.ts); a route answers each with its status and,
// for a refusal, the code and message it gave.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'devalue';
import { expect } from 'vitest';
import { localDiskStorage } from '../../src/lib/server/files';
import {
	deepNestingDocx,
	deepNestingPdf,
	documentBombDocx,
	flateBombPdf,
	hiddenScriptPdf,
	hugeJpeg,
	hugePng,
	objectBombPdf,
	pdfZipPolyglot,
	pngPdfPolyglot,
	stylesBombDocx
} from '../../src/lib/server/files/hostile-fixtures';
import { png } from '../../src/lib/server/files/test-fixtures';
import { EXPENSE_SERVER_ENV } from './expense-claims';
import { createSession, withDb } from './fixtures';
import { staffBrowsers } from './staff';
import { startServer, type TestServer } from './server';

/** The environment and node flags `npm start` runs the server with (package.json's script). */
export function npmStartLaunch(): { env: Record<string, string>; nodeArgs: string[] } {
	const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
		scripts: { start: string };
	};
	const words = scripts.start.split(/\s+/);
	const node = words.indexOf('node');
	const env = Object.fromEntries(
		words.slice(0, node).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)])
	);
	return { env, nodeArgs: words.slice(node + 1).filter((w) => w.startsWith('--')) };
}

/**
 * The built server as `npm start` runs it (a 192 MB heap, its malloc settings), with its own
 * files folder. Node writes a diagnostic report on SIGUSR2, so a test can read the heap limits.
 */
export async function startCappedServer(): Promise<{
	server: TestServer;
	filesDir: string;
	/** The main thread's V8 heap limit (old and young generations), in MB, from node's report. */
	heapLimitMb(): Promise<number>;
	/** Stops it and removes its files; fails when it ever ran out of heap. */
	stop(): Promise<void>;
}> {
	const filesDir = mkdtempSync(join(tmpdir(), 'orgweb-hostile-'));
	const reports = mkdtempSync(join(tmpdir(), 'orgweb-report-'));
	const launch = npmStartLaunch();
	const server = await startServer(
		{
			...launch.env,
			...EXPENSE_SERVER_ENV,
			FILES_DIR: filesDir,
			ADMIN_EMAILS: 'admin@example.org',
			RATE_LIMIT_APPLICATION: '1000/3600',
			TRUST_PROXY: 'true'
		},
		'scripts/serve.js',
		[...launch.nodeArgs, '--report-on-signal', `--report-directory=${reports}`]
	);
	return {
		server,
		filesDir,
		async heapLimitMb() {
			const before = new Set(readdirSync(reports));
			process.kill(server.pid, 'SIGUSR2');
			const report = await until(() => {
				const name = readdirSync(reports).find((n) => !before.has(n));
				if (!name) return null;
				try {
					return JSON.parse(readFileSync(join(reports, name), 'utf8')) as {
						javascriptHeap: { memoryLimit: number };
					};
				} catch {
					return null; // still being written
				}
			});
			return report.javascriptHeap.memoryLimit / MB;
		},
		async stop() {
			const output = server.output();
			await server.stop();
			rmSync(filesDir, { recursive: true, force: true });
			rmSync(reports, { recursive: true, force: true });
			expect(output).not.toMatch(/heap out of memory/i);
		}
	};
}

/** What `probe` gives once it gives something, checked every 100 ms for at most `ms`. */
export async function until<T>(probe: () => T | null, ms = 60_000): Promise<T> {
	const end = Date.now() + ms;
	for (;;) {
		const value = probe();
		if (value !== null) return value;
		if (Date.now() > end) throw new Error(`not within ${ms} ms: ${probe.toString()}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

/** Whether the server runs and answers its health check. */
export async function isUp(server: TestServer): Promise<boolean> {
	const res = await fetch(`${server.url}/api/health`).catch(() => null);
	return res?.status === 200 && server.exit() === null;
}

/** A receipt kept as the files port kept PDFs before the limits: byte for byte. Its file id. */
export async function storedAsBefore(
	server: TestServer,
	filesDir: string,
	ownerId: string,
	file: { bytes: Buffer; name: string }
): Promise<string> {
	const key = await localDiskStorage(filesDir).put(file.bytes);
	const id = `legacy-${key}`;
	withDb(server.dbFile, (db) =>
		db
			.prepare(
				`insert into files (id, owner_id, purpose, mime_type, size, sha256, original_name, storage_key, created_at)
				 values (?, ?, 'receipt', 'application/pdf', ?, ?, ?, ?, ?)`
			)
			.run(id, ownerId, file.bytes.length, key + key, file.name, key, new Date().toISOString())
	);
	return id;
}

/** Posts `file` through `route`: answered below 500, a limit named, and the server still up. */
export async function sendThrough(server: TestServer, route: [string, Route], file: HostileFile) {
	const [name, post] = route;
	const answer = await post(file);
	const what = `${name} / ${file.kind}: ${answer.status} ${answer.code ?? ''}`;
	expect(answer.status, what).toBeLessThan(500);
	if (/too_many_objects|expands_too_much|too_costly/.test(answer.code ?? '')) {
		expect(answer.message, what).toMatch(/\d+/);
	}
	expect(await isUp(server), what).toBe(true);
}

export interface HostileFile {
	kind: string;
	name: string;
	bytes: Buffer;
}

const MB = 1024 * 1024;

/** The corpus; `full` uses the sizes of the review (9 MiB object bombs, gigabyte inflations). */
export async function hostileCorpus(full: boolean): Promise<HostileFile[]> {
	return [
		{ kind: 'pdf object bomb', name: 'objects.pdf', bytes: objectBombPdf(full ? 160_000 : 30_000) },
		{
			kind: 'pdf stream bomb (flate of flate)',
			name: 'bomb.pdf',
			bytes: await flateBombPdf((full ? 4096 : 512) * MB)
		},
		{
			kind: 'pdf deep nesting',
			name: 'deep.pdf',
			bytes: deepNestingPdf(full ? 1_000_000 : 100_000)
		},
		{ kind: 'pdf hidden script', name: 'hidden.pdf', bytes: hiddenScriptPdf('double-flate') },
		{
			kind: 'pdf hidden script (predictor)',
			name: 'predictor.pdf',
			bytes: hiddenScriptPdf('predictor')
		},
		{ kind: 'pdf + zip polyglot', name: 'poly.pdf', bytes: pdfZipPolyglot() },
		{ kind: 'docx styles bomb', name: 'styles.docx', bytes: stylesBombDocx((full ? 64 : 24) * MB) },
		{ kind: 'docx body bomb', name: 'body.docx', bytes: documentBombDocx((full ? 256 : 64) * MB) },
		{
			kind: 'docx deep nesting',
			name: 'nested.docx',
			bytes: deepNestingDocx(full ? 200_000 : 50_000)
		},
		{ kind: 'png huge dimensions', name: 'huge.png', bytes: hugePng() },
		{ kind: 'jpeg huge dimensions', name: 'huge.jpg', bytes: hugeJpeg() },
		{ kind: 'png + pdf polyglot', name: 'poly.png', bytes: pngPdfPolyglot(await png(40, 30)) }
	];
}

export interface RouteAnswer {
	status: number;
	code?: string;
	message?: string;
}

export type Route = (file: HostileFile) => Promise<RouteAnswer>;

/**
 * Every route that takes files, each as the user who may post to it: a member's receipt on the
 * claim form (new and edit), a member's receipts posted for a description, an anonymous job
 * application's CV, a unit leader's assistant document and an admin's content image.
 */
export function uploadRoutes(server: TestServer, draftOf: (userId: string) => Promise<string>) {
	const member = createSession(server.dbFile);
	const leader = createSession(server.dbFile, { name: 'Lea Leader' });
	withDb(server.dbFile, (db) =>
		db
			.prepare(
				"insert into team_members (unit_id, user_id, role, created_at) values ('board-oslo', ?, 'leader', ?)"
			)
			.run(leader.userId, new Date().toISOString())
	);
	const admin = staffBrowsers(() => server)('admin@example.org').browser;
	let draft: Promise<string> | null = null;
	let client = 0;

	const blob = (file: HostileFile) => new Blob([new Uint8Array(file.bytes)]);
	const api = async (res: Response): Promise<RouteAnswer> => {
		const body = (await res.json().catch(() => ({}))) as {
			code?: string;
			details?: { message?: string }[];
		};
		return { status: res.status, code: body.code, message: body.details?.[0]?.message };
	};
	const action = async (res: Response): Promise<RouteAnswer> => {
		const answer = (await res.json()) as { type: string; status?: number; data: string };
		const data = parse(answer.data) as { code?: string; text?: string };
		return { status: answer.status ?? res.status, code: data.code, message: data.text };
	};
	const receipt = (path: string) => async (file: HostileFile) => {
		const body = new FormData();
		body.set('file', blob(file), file.name);
		const res = await fetch(`${server.url}${path}?/upload`, {
			method: 'POST',
			headers: { origin: server.url, cookie: member.cookie, accept: 'application/json' },
			body
		});
		return action(res);
	};

	const routes: Record<string, Route> = {
		'claim form (new)': receipt('/en/fs/new'),
		'claim form (edit)': async (file) => {
			draft ??= draftOf(member.userId);
			return receipt(`/en/fs/${await draft}/edit`)(file);
		},
		'generate-description': async (file) => {
			const body = new FormData();
			body.append('files', blob(file), file.name);
			const res = await fetch(`${server.url}/api/expense/generate-description`, {
				method: 'POST',
				headers: { origin: server.url, cookie: member.cookie },
				body
			});
			return api(res);
		},
		'job application': async (file) => {
			const body = new FormData();
			const fields = {
				name: 'Hostile Applicant',
				email: 'hostile@example.org',
				phone: '+47 912 34 567',
				motivation: 'I kept the accounts of my choir for three years.',
				website: ''
			};
			for (const [name, value] of Object.entries(fields)) body.set(name, value);
			body.set('cv', blob(file), file.name);
			const res = await fetch(`${server.url}/en/jobs/treasurer-oslo`, {
				method: 'POST',
				redirect: 'manual',
				headers: {
					origin: server.url,
					accept: 'text/html',
					'x-forwarded-for': `198.51.100.${++client % 250}`
				},
				body
			});
			await res.body?.cancel();
			return { status: res.status };
		},
		'process-document': async (file) => {
			const body = new FormData();
			body.set('file', blob(file), file.name);
			body.set('unitId', 'board-oslo');
			const res = await fetch(`${server.url}/api/process-document`, {
				method: 'POST',
				headers: { origin: server.url, cookie: leader.cookie },
				body
			});
			return api(res);
		},
		'admin content image': async (file) => {
			const body = new FormData();
			const fields = {
				title_no: 'Vinterball',
				title_en: 'Winter ball',
				summary_no: 'Dans.',
				summary_en: 'Dancing.',
				body_no: 'Ta med festklær.',
				body_en: 'Bring your best clothes.',
				starts_at: '2027-01-15T19:00',
				ends_at: '2027-01-15T23:00',
				location: 'Aulaen',
				category: 'party',
				campus_id: 'oslo',
				unit_id: 'events-oslo',
				price_ore: '250',
				capacity: '',
				product_id: '',
				publication: 'draft',
				publish_at: '',
				image_alt_no: 'Bilde',
				image_alt_en: 'Picture'
			};
			for (const [name, value] of Object.entries(fields)) body.set(name, value);
			body.set('image', blob(file), file.name);
			const res = await admin.request('/en/admin/content/events/new?/save', {
				method: 'POST',
				headers: { origin: server.url, accept: 'text/html' },
				body
			});
			await res.body?.cancel();
			return { status: res.status };
		}
	};
	return routes;
}

/** The server's resident memory now, in MB (Linux: /proc/<pid>/status). */
export function rssMb(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The server's threads now (the main one, libuv's, V8's, and one per parser worker). */
export function threadCount(pid: number): number {
	return Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
}

/** The server's resident memory split: anonymous (heaps, malloc) and file-backed (code), in MB. */
export function residentMb(pid: number): { rss: number; anonymous: number; file: number } {
	const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
	const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
	const rss = Math.round(kb('Rss') / 1024);
	const anonymous = Math.round(kb('Anonymous') / 1024);
	return { rss, anonymous, file: rss - anonymous };
}
