// What visitors miss, over HTTP against the built server: answers carry an id; a question that
// found nothing is kept, masked and without who asked; a rating (by the API, or by the answer's
// buttons without JavaScript) keeps an unhelpful answer's question and counts a helpful one;
// admins read the list at /{lang}/admin/assistant and clear what they have dealt with, and nobody
// else learns the page exists.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, withDb } from '../helpers/fixtures';
import { mainText } from '../helpers/http';
import { Browser } from '../helpers/identity';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer({
		ADMIN_EMAILS: 'admin@example.org',
		RATE_LIMIT_ASSISTANT: '1000/60'
	});
});
afterAll(() => server?.stop());

type Answer = { id: string; answer: string; found: boolean; by: string };
const en = JSON.parse(readFileSync('messages/en/assistant.json', 'utf8')) as Record<string, string>;
const adminEn = JSON.parse(readFileSync('messages/en/admin.json', 'utf8')) as Record<
	string,
	string
>;

async function ask(message: string, locale: 'no' | 'en'): Promise<Answer> {
	const res = await fetch(`${server.url}/api/public-assistant`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: server.url },
		body: JSON.stringify({ message, locale })
	});
	expect(res.status).toBe(200);
	return (await res.json()) as Answer;
}

function rate(body: unknown) {
	return fetch(`${server.url}/api/public-assistant/feedback`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: server.url },
		body: typeof body === 'string' ? body : JSON.stringify(body)
	});
}

function signedIn(email: string) {
	const session = createSession(server.dbFile, { email });
	const browser = new Browser(server.url);
	browser.setCookie('session', session.cookie.slice('session='.length));
	return browser;
}

const rows = () =>
	withDb(server.dbFile, (db) =>
		db.prepare('select * from assistant_feedback order by created_at').all()
	) as Record<string, unknown>[];

describe('what visitors miss', () => {
	it('keeps a question that found nothing, masked, with nothing that names who asked', async () => {
		const answer = await ask('Har dere badstue på campus? Ring meg på 987 65 432', 'no');
		expect(answer.found).toBe(false);
		expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
		const kept = rows().find((r) => r.id === answer.id);
		expect(kept).toMatchObject({
			question: 'Har dere badstue på campus? Ring meg på [number]',
			locale: 'no',
			found: 0,
			rating: null
		});
		expect(Object.keys(kept!).sort()).toEqual(
			[
				'answered_by',
				'created_at',
				'found',
				'id',
				'locale',
				'question',
				'rated_at',
				'rating'
			].sort()
		);
	});

	it('keeps nothing of a question that was answered, until its answer is rated unhelpful', async () => {
		const answer = await ask('When is the Christmas party?', 'en');
		expect(answer.found).toBe(true);
		expect(rows().some((r) => r.id === answer.id)).toBe(false);

		const res = await rate({
			answerId: answer.id,
			rating: 'unhelpful',
			message: 'When is the Christmas party?',
			locale: 'en',
			by: answer.by
		});
		expect(res.status).toBe(204);
		expect(rows().find((r) => r.id === answer.id)).toMatchObject({
			question: 'When is the Christmas party?',
			rating: 'unhelpful',
			found: 1
		});

		// Changed their mind: the question goes, the rating counts once, as helpful.
		expect(
			(
				await rate({
					answerId: answer.id,
					rating: 'helpful',
					message: 'When is the Christmas party?',
					locale: 'en'
				})
			).status
		).toBe(204);
		expect(rows().filter((r) => r.id === answer.id)).toEqual([
			expect.objectContaining({ question: null, rating: 'helpful' })
		]);
	});

	it('refuses a malformed rating with the validation envelope and keeps nothing', async () => {
		const before = rows().length;
		for (const body of [
			'{not json',
			{},
			{ answerId: 'not-a-uuid', rating: 'helpful', message: 'q' },
			{ answerId: crypto.randomUUID(), rating: 'meh', message: 'q' },
			{ answerId: crypto.randomUUID(), rating: 'helpful', message: '' },
			{ answerId: crypto.randomUUID(), rating: 'helpful', message: 'x'.repeat(1001) }
		]) {
			const res = await rate(body);
			expect(res.status, JSON.stringify(body)).toBe(400);
			expect(await res.json()).toMatchObject({ error: 'Validation failed' });
		}
		expect(rows()).toHaveLength(before);
	});

	it('takes a rating from the answer’s buttons without JavaScript, and thanks the visitor', async () => {
		const browser = new Browser(server.url);
		const asked = await browser.post('/en/assistant?/ask', { message: 'Is there a chess club?' });
		const html = await asked.text();
		expect(asked.status).toBe(200);
		const answerId = /name="answerId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
		expect(answerId, 'the answer has rating buttons').toBeDefined();
		expect(html).toContain(en.assistant_rate_question);

		const rated = await browser.post('/en/assistant?/rate', {
			answerId: answerId!,
			message: 'Is there a chess club?',
			by: 'local',
			rating: 'unhelpful'
		});
		expect(rated.status).toBe(200);
		expect(mainText(await rated.text())).toContain(en.assistant_rated_unhelpful);
		expect(rows().find((r) => r.id === answerId)).toMatchObject({ rating: 'unhelpful' });
	});

	it('shows admins the questions, most missed first, and lets them clear one', async () => {
		await ask('Where can I park my bike?', 'en');
		await ask('where can i park  my bike?', 'en');
		const admin = signedIn('admin@example.org');
		const page = await admin.get('/en/admin/assistant');
		expect(page.status).toBe(200);
		const text = mainText(await page.text());
		expect(text).toContain(adminEn.admin_assistant_title);
		expect(text).toContain('Har dere badstue på campus? Ring meg på [number]');
		expect(text).toContain('Is there a chess club?');
		expect(text.indexOf('park my bike')).toBeLessThan(text.indexOf('chess club'));
		expect(text).not.toContain('987 65 432');

		const english = mainText(await (await admin.get('/en/admin/assistant?locale=en')).text());
		expect(english).not.toContain('badstue');

		const cleared = await admin.post('/en/admin/assistant?/dismiss', {
			key: 'where can i park my bike?',
			locale: 'en'
		});
		expect(cleared.status).toBe(200);
		const after = mainText(await (await admin.get('/en/admin/assistant')).text());
		expect(after).not.toContain('park my bike');
		const audit = withDb(server.dbFile, (db) =>
			db
				.prepare("select action, details from audit_log where subject_type = 'assistant_question'")
				.all()
		);
		expect(audit).toEqual([
			{ action: 'dismissed', details: JSON.stringify({ locale: 'en', rows: 2 }) }
		]);
	});

	it('is not found for anyone but admins, and sends visitors to sign in', async () => {
		const member = signedIn('member@example.org');
		expect((await member.get('/no/admin/assistant')).status).toBe(404);
		const refused = await member.post('/no/admin/assistant?/dismiss', {
			key: 'har dere badstue på campus? ring meg på [number]',
			locale: 'no'
		});
		expect(refused.status).toBe(404);
		expect(rows().some((r) => String(r.question ?? '').includes('badstue'))).toBe(true);

		const visitor = await fetch(`${server.url}/en/admin/assistant`, { redirect: 'manual' });
		expect(visitor.status).toBe(303);
		expect(visitor.headers.get('location')).toBe(
			'/en/auth/login?redirectTo=%2Fen%2Fadmin%2Fassistant'
		);
	});
});
