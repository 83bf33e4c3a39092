// POST /api/expense/generate-description over HTTP against the built server: a member's receipt,
// uploaded as the claim form uploads it, read by OCR into a suggested description in the asked
// language; with a model (a local fake speaking the chat-completions format) the model's line,
// and the local one when the model is down. Nobody reads another member's receipt this way.
import { parse } from 'devalue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NORWEGIAN_RECEIPT, receiptImage } from '../../src/lib/server/receipts/test-fixtures';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai';
import { createSession } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';

type Suggestion = {
	description: string | null;
	items: { date?: string; amount?: string; merchant?: string }[];
	by: string;
};

let server: TestServer;
let model: FakeOpenAI;
beforeAll(async () => {
	model = await startFakeOpenAI();
	server = await startServer({
		RATE_LIMIT_ASSISTANT: '1000/60',
		AI_BASE_URL: model.url,
		AI_MODEL: 'test-model',
		AI_TIMEOUT_MS: '1500'
	});
});
beforeEach(() => model.reset());
afterAll(async () => {
	await server?.stop();
	await model?.close();
});

/** The receipt uploaded as the claim form does it (the upload action), by a new member. */
async function memberWithReceipt() {
	const member = createSession(server.dbFile);
	const body = new FormData();
	body.set(
		'file',
		new Blob([new Uint8Array(await receiptImage(NORWEGIAN_RECEIPT, 'jpeg'))]),
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

describe('POST /api/expense/generate-description', () => {
	it('reads a photographed receipt and describes it in Norwegian, with the model down', async () => {
		const { member, fileId } = await memberWithReceipt();
		model.failNext(2, 503);
		const res = await suggest(member.cookie, { fileIds: [fileId], locale: 'no' });
		expect(res.status).toBe(200);
		const body = (await res.json()) as Suggestion;
		expect(body).toMatchObject({
			by: 'local',
			description: 'Pizza og drikke fra Peppes Pizza, 12.03.2026'
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
});
