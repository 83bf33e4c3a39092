// POST /api/expense/generate-description over HTTP against the built server: a member's receipts,
// by the ids of the claim form's uploads (JSON) or posted with the request (multipart), read by
// their text layer or OCR into a suggested description in the asked language; with a model (a
// local fake speaking the chat-completions format) the model's line, and the local one when the
// model is down. Posted receipts are kept as the form's uploads are, unless none of them is a
// receipt (400, nothing kept). Nobody reads another member's receipt this way. Last, the server's
// shutdown ends the OCR worker and leaves no temporary folder behind.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'devalue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { textPdf } from '../../src/lib/server/documents/test-fixtures';
import { readPdf } from '../../src/lib/server/expenses/pdf/fixtures';
import {
	blankPdf,
	landscapeImage,
	NORWEGIAN_RECEIPT,
	plainColourImage,
	receiptImage
} from '../../src/lib/server/receipts/test-fixtures';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai';
import { createSession, withDb } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';

type Suggestion = {
	description: string;
	items: { date?: string; amount?: string; merchant?: string }[];
	by: string;
	unread: { fileId: string; reason: string }[];
	fileIds: string[];
};
type Refusal = {
	error: string;
	code?: string;
	details?: { path: (string | number)[]; reason?: string; message: string }[];
};
type Upload = { bytes: Buffer; name: string };

// Small limits, so that crossing them costs little: JSON bodies stay at BODY_SIZE_LIMIT (16 KiB,
// less than one receipt photo), posted receipts get 5 × FILES_MAX_BYTES + 1 MiB.
const FILES_MAX_BYTES = 200_000;
const UPLOAD_LIMIT = 5 * FILES_MAX_BYTES + 1024 * 1024;

let server: TestServer;
let model: FakeOpenAI;
let filesDir: string;
let tempDir: string;
beforeAll(async () => {
	filesDir = mkdtempSync(join(tmpdir(), 'orgweb-description-files-'));
	tempDir = mkdtempSync(join(tmpdir(), 'orgweb-description-tmp-'));
	model = await startFakeOpenAI();
	server = await startServer({
		RATE_LIMIT_ASSISTANT: '1000/60',
		AI_BASE_URL: model.url,
		AI_MODEL: 'test-model',
		AI_TIMEOUT_MS: '1500',
		FILES_DIR: filesDir,
		FILES_MAX_BYTES: String(FILES_MAX_BYTES),
		BODY_SIZE_LIMIT: '16K',
		// Where the OCR worker makes its folder of model links (os.tmpdir() reads TMPDIR).
		TMPDIR: tempDir
	});
});
beforeEach(() => model.reset());
afterAll(async () => {
	await server?.stop();
	await model?.close();
	rmSync(filesDir, { recursive: true, force: true });
	rmSync(tempDir, { recursive: true, force: true });
});

/** The receipt uploaded as the claim form does it (the upload action), by a new member. */
async function memberWithReceipt(bytes?: Buffer) {
	const member = createSession(server.dbFile);
	const body = new FormData();
	body.set(
		'file',
		new Blob([new Uint8Array(bytes ?? (await receiptImage(NORWEGIAN_RECEIPT, 'jpeg')))]),
		'kvittering.jpg'
	);
	const res = await fetch(`${server.url}/no/fs/new?/upload`, {
		method: 'POST',
		headers: { origin: server.url, cookie: member.cookie, accept: 'application/json' },
		body
	});
	const answer = (await res.json()) as { data: string };
	const { file } = parse(answer.data) as { file: { id: string } };
	return { member, fileId: file.id };
}

function suggest(cookie: string | null, body: unknown) {
	return fetch(`${server.url}/api/expense/generate-description`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			origin: server.url,
			...(cookie ? { cookie } : {})
		},
		body: JSON.stringify(body)
	});
}

/** The receipts themselves, as multipart/form-data with `files` (and `locale` when given). */
function suggestFiles(cookie: string | null, files: Upload[], fields: Record<string, string> = {}) {
	const body = new FormData();
	for (const file of files) body.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
	for (const [name, value] of Object.entries(fields)) body.set(name, value);
	return fetch(`${server.url}/api/expense/generate-description`, {
		method: 'POST',
		headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
		body
	});
}

const filesOf = (userId: string) =>
	withDb(server.dbFile, (db) =>
		db
			.prepare('select id, purpose, mime_type from files where owner_id = ? order by created_at')
			.all(userId)
	) as { id: string; purpose: string; mime_type: string }[];

/** Files in the files folder (not the temporary writes of the files port). */
const storedFileCount = () =>
	readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

const daysAgo = (days: number) =>
	new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(
		new Date(Date.now() - days * 86_400_000)
	);

/** The claim form's save without JavaScript, with one line: a new draft, or the form refused. */
function saveClaimWith(cookie: string, line: Record<string, string>) {
	const body = new FormData();
	const fields: Record<string, string> = {
		campusId: 'oslo',
		unitId: 'board-oslo',
		purpose: 'Coffee for the board meeting',
		payoutAccount: '1234 56 78903',
		advance: '',
		...Object.fromEntries(Object.entries(line).map(([k, v]) => [`lines.0.${k}`, v]))
	};
	for (const [name, value] of Object.entries(fields)) body.set(name, value);
	return fetch(`${server.url}/en/fs/new?/save`, {
		method: 'POST',
		redirect: 'manual',
		headers: { origin: server.url, cookie, accept: 'text/html' },
		body
	});
}

const PDF_RECEIPT = [
	'KAFFEBRENNERIET AS',
	'Org.nr 987 654 321 MVA',
	'Torggata 5, 0181 Oslo',
	'Dato: 21.11.2026',
	'Kaffe latte                 52,00',
	'Kanelbolle                  39,00',
	'Totalt              kr      91,00'
];

describe('POST /api/expense/generate-description with ids (JSON)', () => {
	it('reads a photographed receipt and describes it in Norwegian, with the model down', async () => {
		const { member, fileId } = await memberWithReceipt();
		model.failNext(2, 503);
		const res = await suggest(member.cookie, { fileIds: [fileId], locale: 'no' });
		expect(res.status).toBe(200);
		const body = (await res.json()) as Suggestion;
		expect(body).toMatchObject({
			by: 'local',
			description: 'Pizza og drikke fra Peppes Pizza',
			unread: [],
			fileIds: [fileId]
		});
		expect(body.items[0]).toMatchObject({
			merchant: 'Peppes Pizza',
			date: '2026-03-12',
			amount: '234.00'
		});
	});

	it('lets the configured model write the line from what was read', async () => {
		const { member, fileId } = await memberWithReceipt();
		model.setAnswer('Beskrivelse: Pizza til dugnaden');
		const body = (await (
			await suggest(member.cookie, { fileIds: [fileId], locale: 'no' })
		).json()) as Suggestion;
		expect(body).toMatchObject({ by: 'model', description: 'Pizza til dugnaden' });
		const prompt = model.requests[0]!.body.messages!.at(-1)!.content;
		expect(prompt).toContain('Peppes Pizza');
	});

	it('answers 400 no_receipt_text for an upload that is no receipt, and leaves the upload alone', async () => {
		const { member, fileId } = await memberWithReceipt(await landscapeImage());
		const res = await suggest(member.cookie, { fileIds: [fileId] });
		expect(res.status).toBe(400);
		expect(await res.json()).toEqual({
			error: 'Validation failed',
			code: 'no_receipt_text',
			details: [{ path: ['fileIds', 0], reason: 'not_a_receipt', message: expect.any(String) }]
		});
		// The claim form uploaded it; whether a claim keeps it is the form's business.
		expect(filesOf(member.userId).map((f) => f.id)).toEqual([fileId]);
		expect(model.requests).toHaveLength(0);
	});

	it('is not found for another member’s receipt, and refuses visitors and malformed bodies', async () => {
		const { fileId } = await memberWithReceipt();
		const other = createSession(server.dbFile);
		expect((await suggest(other.cookie, { fileIds: [fileId] })).status).toBe(404);
		expect((await suggest(other.cookie, { fileIds: ['no-such-file'] })).status).toBe(404);
		expect((await suggest(null, { fileIds: [fileId] })).status).toBe(401);
		for (const bad of [
			{},
			{ fileIds: [] },
			{ fileIds: Array(6).fill(fileId) },
			{ fileIds: [fileId], locale: 'de' }
		]) {
			const res = await suggest(other.cookie, bad);
			expect(res.status, JSON.stringify(bad)).toBe(400);
			expect(await res.json()).toMatchObject({ error: 'Validation failed' });
		}
	});

	it('keeps JSON bodies to BODY_SIZE_LIMIT: only posted receipts get the upload limit', async () => {
		const member = createSession(server.dbFile);
		const res = await suggest(member.cookie, { fileIds: ['x'], padding: 'a'.repeat(20_000) });
		expect(res.status).toBe(413);
		expect(await res.json()).toEqual({ error: 'Payload too large' });
	});
});

describe('POST /api/expense/generate-description with the receipts (multipart)', () => {
	it('reads a PDF receipt’s text layer: merchant, date and total, and keeps the file to attach', async () => {
		const member = createSession(server.dbFile);
		const pdf = await textPdf([PDF_RECEIPT]);
		model.failNext(2, 503);
		const res = await suggestFiles(member.cookie, [{ bytes: pdf, name: 'kvittering.pdf' }], {
			locale: 'en'
		});
		expect(res.status).toBe(200);
		const body = (await res.json()) as Suggestion;
		expect(body.items).toEqual([
			{ merchant: 'Kaffebrenneriet AS', date: '2026-11-21', amount: '91.00' }
		]);
		expect(body).toMatchObject({ by: 'local', unread: [] });
		expect(body.description).toBe('Drinks and cinnamon bun from Kaffebrenneriet AS');
		// Kept as the claim form's uploads are: the member's, a receipt, served back to them.
		expect(filesOf(member.userId)).toEqual([
			{ id: body.fileIds[0], purpose: 'receipt', mime_type: 'application/pdf' }
		]);
		const served = await fetch(`${server.url}/api/files/${body.fileIds[0]}`, {
			headers: { cookie: member.cookie }
		});
		expect(served.status).toBe(200);
		// Kept as every PDF is: a rebuild of its pages, with the receipt's text.
		const kept = new Uint8Array(await served.arrayBuffer());
		expect(Buffer.from(kept).equals(pdf)).toBe(false);
		expect((await readPdf(kept)).map((p) => p.text).join(' ')).toContain('KAFFEBRENNERIET AS');

		// The claim form saves a line with it, as it would with one of its own uploads.
		const line = body.items[0]!;
		const saved = await saveClaimWith(member.cookie, {
			kind: 'receipt',
			date: daysAgo(3),
			merchant: line.merchant!,
			description: body.description,
			amount: line.amount!,
			currency: 'NOK',
			originalAmount: '',
			fileId: body.fileIds[0]!
		});
		expect(saved.status).toBe(303);
		const claimId = /\/fs\/([0-9a-f-]{36})/.exec(saved.headers.get('location') ?? '')?.[1];
		expect(
			withDb(server.dbFile, (db) =>
				db.prepare('select file_id, amount_ore from expense_lines where claim_id = ?').all(claimId)
			)
		).toEqual([{ file_id: body.fileIds[0], amount_ore: 9100 }]);
	});

	it('reads a PNG photo of a Norwegian receipt by OCR, larger than the JSON limit', async () => {
		const member = createSession(server.dbFile);
		const png = await receiptImage(NORWEGIAN_RECEIPT, 'png');
		expect(png.length).toBeGreaterThan(16 * 1024);
		model.failNext(2, 503);
		const res = await suggestFiles(member.cookie, [{ bytes: png, name: 'IMG_0042.png' }], {
			locale: 'no'
		});
		expect(res.status).toBe(200);
		const body = (await res.json()) as Suggestion;
		expect(body.items).toEqual([
			{ merchant: 'Peppes Pizza', date: '2026-03-12', amount: '234.00' }
		]);
		expect(body.description).toBe('Pizza og drikke fra Peppes Pizza');
		expect(filesOf(member.userId)).toEqual([
			{ id: body.fileIds[0], purpose: 'receipt', mime_type: 'image/png' }
		]);
	});

	it('lets the model write the line from several posted receipts', async () => {
		const member = createSession(server.dbFile);
		model.setAnswer('Description: Coffee and buns for the board meeting');
		const res = await suggestFiles(member.cookie, [
			{ bytes: await textPdf([PDF_RECEIPT]), name: 'a.pdf' },
			{ bytes: await receiptImage(NORWEGIAN_RECEIPT, 'jpeg'), name: 'b.jpg' }
		]);
		expect(res.status).toBe(200);
		const body = (await res.json()) as Suggestion;
		expect(body).toMatchObject({
			by: 'model',
			description: 'Coffee and buns for the board meeting'
		});
		expect(body.items.map((i) => i.amount)).toEqual(['91.00', '234.00']);
		expect(body.fileIds).toHaveLength(2);
		expect(
			filesOf(member.userId)
				.map((f) => f.id)
				.sort()
		).toEqual([...body.fileIds].sort());
		const prompt = model.requests[0]!.body.messages!.at(-1)!.content;
		expect(prompt).toContain('Kaffebrenneriet AS');
		expect(prompt).toContain('Peppes Pizza');
	});

	it('answers 400 no_receipt_text for photos and pages that are no receipt, and keeps none of them', async () => {
		const member = createSession(server.dbFile);
		const before = storedFileCount();
		const res = await suggestFiles(member.cookie, [
			{ bytes: await landscapeImage(), name: 'fjellet.jpg' },
			{ bytes: await plainColourImage(), name: 'vegg.png' },
			{ bytes: await blankPdf(), name: 'tom.pdf' }
		]);
		expect(res.status).toBe(400);
		const body = (await res.json()) as Refusal;
		expect(body).toMatchObject({ error: 'Validation failed', code: 'no_receipt_text' });
		expect(body.details!.map((d) => [d.path, d.reason])).toEqual([
			[['files', 0], 'not_a_receipt'],
			[['files', 1], 'not_a_receipt'],
			[['files', 2], 'no_text_layer']
		]);
		expect(filesOf(member.userId)).toEqual([]);
		expect(storedFileCount()).toBe(before);
		expect(model.requests).toHaveLength(0);
	});

	it('describes the receipt and names the landscape posted with it unread, keeping both', async () => {
		const member = createSession(server.dbFile);
		model.failNext(2, 503);
		const res = await suggestFiles(member.cookie, [
			{ bytes: await landscapeImage(), name: 'fjellet.jpg' },
			{ bytes: await textPdf([PDF_RECEIPT]), name: 'kvittering.pdf' }
		]);
		expect(res.status).toBe(200);
		const body = (await res.json()) as Suggestion;
		expect(body.items).toEqual([
			{ merchant: 'Kaffebrenneriet AS', date: '2026-11-21', amount: '91.00' }
		]);
		expect(body.unread).toEqual([{ fileId: body.fileIds[0], reason: 'not_a_receipt' }]);
		expect(filesOf(member.userId)).toHaveLength(2);
	});

	it('refuses a file that is not what its name says through the files port, keeping none of the post', async () => {
		const member = createSession(server.dbFile);
		const before = storedFileCount();
		const res = await suggestFiles(member.cookie, [
			{ bytes: await textPdf([PDF_RECEIPT]), name: 'kvittering.pdf' },
			{ bytes: randomBytes(4096), name: 'receipt.pdf' }
		]);
		expect(res.status).toBe(400);
		expect(await res.json()).toMatchObject({
			error: 'Validation failed',
			code: 'file_unsupported_type',
			details: [{ path: ['files', 1] }]
		});
		expect(filesOf(member.userId)).toEqual([]);
		expect(storedFileCount()).toBe(before);
	});

	it('answers 413 for a file over FILES_MAX_BYTES, and for a post over the upload limit before storing', async () => {
		const member = createSession(server.dbFile);
		const before = storedFileCount();
		const big = await suggestFiles(member.cookie, [
			{ bytes: randomBytes(FILES_MAX_BYTES + 1), name: 'big.jpg' }
		]);
		expect(big.status).toBe(413);
		expect(await big.json()).toMatchObject({ code: 'file_too_large' });
		const huge = await suggestFiles(member.cookie, [
			{ bytes: randomBytes(UPLOAD_LIMIT + 1), name: 'huge.jpg' }
		]);
		expect(huge.status).toBe(413);
		expect(await huge.json()).toEqual({ error: 'Payload too large' });
		expect(filesOf(member.userId)).toEqual([]);
		expect(storedFileCount()).toBe(before);
	});

	it('refuses visitors, no files, six files, a field that is no file, an unknown locale and a broken body', async () => {
		const receipt = { bytes: await textPdf([PDF_RECEIPT]), name: 'kvittering.pdf' };
		const visitor = await suggestFiles(null, [receipt]);
		expect(visitor.status).toBe(401);
		expect(await visitor.json()).toEqual({ error: 'Unauthorized' });

		const member = createSession(server.dbFile);
		const asText = new FormData();
		asText.set('files', 'not a file');
		for (const [what, res] of [
			['no files', await suggestFiles(member.cookie, [])],
			['six files', await suggestFiles(member.cookie, Array(6).fill(receipt))],
			['unknown locale', await suggestFiles(member.cookie, [receipt], { locale: 'de' })],
			[
				'a text field',
				await fetch(`${server.url}/api/expense/generate-description`, {
					method: 'POST',
					headers: { origin: server.url, cookie: member.cookie },
					body: asText
				})
			],
			[
				'a broken multipart body',
				await fetch(`${server.url}/api/expense/generate-description`, {
					method: 'POST',
					headers: {
						origin: server.url,
						cookie: member.cookie,
						'content-type': 'multipart/form-data; boundary=xx'
					},
					body: '--xx\r\nnot a part'
				})
			]
		] as const) {
			expect(res.status, what).toBe(400);
			expect(await res.json(), what).toMatchObject({
				error: 'Validation failed',
				details: expect.any(Array)
			});
		}
		expect(filesOf(member.userId)).toEqual([]);
	});
});

describe('the server’s shutdown', () => {
	it('ends the OCR worker and removes its temporary folder', async () => {
		// The worker of the photos read above is still up, its folder of model links in TMPDIR.
		expect(readdirSync(tempDir).filter((n) => n.startsWith('orgweb-ocr-models-'))).toHaveLength(1);
		await server.stop();
		expect(server.exit()).toEqual({ code: 0, signal: null });
		expect(readdirSync(tempDir).filter((n) => n.startsWith('orgweb-ocr-models-'))).toEqual([]);
	});
});
