// Safety reports over real HTTP against the built server, as browsers without JavaScript (and one
// with, through SvelteKit's action protocol) send them. The anonymity proof: a report sent by a
// signed-in browser with a distinctive address and user agent leaves neither in any stored row,
// in the server's log or in a cookie, and the session is not touched. The safety role reads and
// answers; an admin without it gets 404 for every page and action; the reporter follows up with
// code and passphrase; script in a report stays text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, withDb } from '../helpers/fixtures';
import { mainText } from '../helpers/http';
import { Browser } from '../helpers/identity';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({
		ADMIN_EMAILS: 'admin@example.org,lead@example.org',
		SAFETY_EMAILS: 'safe@example.org,lead@example.org',
		TRUST_PROXY: 'true',
		// The request lines are what the anonymity proof reads.
		LOG_LEVEL: 'info',
		RATE_LIMIT_SAFETY: '4/600',
		...NO_RATE_LIMITS
	});
});
afterAll(() => server?.stop());

const PASSPHRASE = 'lilla elefanter danser';
const BODY = 'On the cabin trip a leader shouted at me and pushed me against the wall.';
let lastOctet = 1;
/** A browser from an address of its own: each test's rate-limit count starts at nothing. */
const from = (headers: Record<string, string> = {}) =>
	new Browser(server.url, { 'x-forwarded-for': `198.51.100.${lastOctet++}`, ...headers });

const signedIn = new Map<string, { id: string; b: Browser }>();
/** A signed-in browser of the account with this address, made once for the file. */
function staff(email: string, name: string): { id: string; b: Browser } {
	const known = signedIn.get(email);
	if (known) return known;
	const session = createSession(server.dbFile, { email, name });
	const b = from();
	b.setCookie('session', session.secret);
	signedIn.set(email, { id: session.userId, b });
	return { id: session.userId, b };
}

const form = (extra: Record<string, string> = {}) => ({
	body: BODY,
	unitId: '',
	name: '',
	email: '',
	passphrase: PASSPHRASE,
	passphraseAgain: PASSPHRASE,
	website: '',
	...extra
});

const q = <T>(sql: string, ...args: unknown[]) =>
	withDb(server.dbFile, (db) => db.prepare(sql).all(...args)) as T[];
const reportIds = () => q<{ id: string }>('select id from safety_reports').map((r) => r.id);
const receiptOf = (html: string) =>
	/data-testid="safety-receipt-code"[^>]*>([0-9A-Z-]{24})</.exec(html)?.[1];

async function send(b: Browser, locale: 'no' | 'en', extra: Record<string, string> = {}) {
	const before = new Set(reportIds());
	const res = await b.post(`/${locale}/safety/report`, form(extra));
	const html = await res.text();
	const code = receiptOf(html);
	const id = reportIds().find((i) => !before.has(i));
	return { res, html, code, id };
}

describe('the anonymity of a report', () => {
	it('stores, logs and sets nothing that names the reporter, and leaves their session alone', async () => {
		const UA = 'SafetyProbe/9.9 (unmistakable-agent-4711)';
		const ADDRESS = '203.0.113.177';
		const member = createSession(server.dbFile, { email: 'reporter@example.org', name: 'Rita' });
		const sessionBefore = q('select * from sessions where user_id = ?', member.userId);
		const b = new Browser(server.url, { 'x-forwarded-for': ADDRESS, 'user-agent': UA });
		b.setCookie('session', member.secret);
		b.setCookie('locale', 'en');
		const logFrom = server.output().length;

		const page = await b.get('/en/safety/report');
		expect(page.status).toBe(200);
		const sent = await send(b, 'en');
		expect(sent.res.status).toBe(200);
		expect(sent.code).toBeDefined();
		expect(sent.res.headers.get('cache-control')).toBe('no-store');
		// With JavaScript: the same action answered as SvelteKit's JSON.
		const enhanced = await b.request('/en/safety/report', {
			method: 'POST',
			headers: {
				accept: 'application/json',
				origin: server.url,
				'x-sveltekit-action': 'true',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: new URLSearchParams(form({ body: `${BODY} (sent again)` }))
		});
		expect(enhanced.status).toBe(200);
		const result = (await enhanced.json()) as { type: string; data: string };
		expect(result.type).toBe('success');
		expect(result.data).toMatch(/"([0-9A-Z]{4}-){4}[0-9A-Z]{4}"/);
		// Following up is as anonymous.
		const followed = await b.post('/en/safety/follow-up?/open', {
			code: sent.code!,
			passphrase: PASSPHRASE
		});
		expect(followed.status).toBe(200);

		// No cookie but the locale's (and that only when it changes), on any of these answers.
		for (const raw of b.setCookies) expect(raw).toMatch(/^locale=/);
		// The session was neither looked up, renewed nor touched, and the page did not know it.
		expect(q('select * from sessions where user_id = ?', member.userId)).toEqual(sessionBefore);
		expect(await page.text()).not.toContain('Rita');

		// Every column of every safety row, and the rate limiter's table if it has one.
		const stored = JSON.stringify([
			q('select * from safety_reports'),
			q('select * from safety_messages'),
			q('select * from safety_access_log'),
			q("select * from sqlite_master where name = 'rate_limits'").length
				? q('select * from rate_limits')
				: []
		]);
		const traces = [
			ADDRESS,
			UA,
			'unmistakable',
			member.secret,
			member.userId,
			'reporter@example.org'
		];
		for (const trace of traces) expect(stored, trace).not.toContain(trace);
		const sessionIds = q<{ id: string; secret_hash: string }>(
			'select id, secret_hash from sessions where user_id = ?',
			member.userId
		)[0]!;
		expect(stored).not.toContain(sessionIds.id);
		expect(stored).not.toContain(sessionIds.secret_hash);

		// The server's lines for these requests: there, and holding none of it (nor the code).
		await new Promise((r) => setTimeout(r, 50));
		const lines = server.output().slice(logFrom);
		expect(lines).toMatch(/"path":"\/en\/safety\/report"/);
		for (const trace of [...traces, sent.code!, PASSPHRASE]) {
			expect(lines, trace).not.toContain(trace);
		}
	});
});

describe('who reads reports', () => {
	it('the safety role (configured or granted) reads and answers; an admin without it gets 404 everywhere', async () => {
		const { id } = await send(from(), 'no');
		const ada = staff('admin@example.org', 'Ada Admin');
		const safe = staff('safe@example.org', 'Siri Safe');
		const member = staff('someone@example.org', 'Mia Member');
		const version = () =>
			String(
				q<{ version: number }>('select version from safety_reports where id = ?', id)[0]!.version
			);
		const snapshot = () =>
			JSON.stringify([
				q('select * from safety_reports where id = ?', id),
				q('select * from safety_messages where report_id = ?', id),
				q('select * from safety_access_log where report_id = ?', id)
			]);

		const before = snapshot();
		for (const who of [ada, member]) {
			for (const path of ['/en/admin/inbox/safety', `/en/admin/inbox/safety/${id}`]) {
				expect((await who.b.get(path)).status, path).toBe(404);
			}
			expect(
				(
					await who.b.post(`/en/admin/inbox/safety/${id}?/status`, {
						status: 'closed',
						version: version()
					})
				).status
			).toBe(404);
			expect(
				(
					await who.b.post(`/en/admin/inbox/safety/${id}?/reply`, {
						message: 'Hi',
						version: version()
					})
				).status
			).toBe(404);
		}
		const visitor = await from().get('/en/admin/inbox/safety');
		expect(visitor.status).toBe(303);
		expect(snapshot()).toBe(before);
		// The admin's navigation has no way there either.
		expect(await (await ada.b.get('/en/admin')).text()).not.toContain('/en/admin/inbox/safety');

		// The safety role: the list, the report (a read, logged), a status and an answer.
		const list = await safe.b.get('/en/admin/inbox/safety');
		expect(list.status).toBe(200);
		const listHtml = await list.text();
		expect(listHtml).toContain(`data-report-id="${id}"`);
		expect(listHtml).not.toContain('cabin trip');
		expect((await safe.b.get('/en/admin')).status).toBe(200);
		const shown = await safe.b.get(`/no/admin/inbox/safety/${id}`);
		expect(shown.status).toBe(200);
		expect(mainText(await shown.text())).toContain('cabin trip');
		expect(
			(
				await safe.b.post(`/en/admin/inbox/safety/${id}?/status`, {
					status: 'in_review',
					version: version()
				})
			).status
		).toBe(200);
		// A form from before that change is refused as changed meanwhile.
		const stale = String(Number(version()) - 1);
		expect(
			(
				await safe.b.post(`/en/admin/inbox/safety/${id}?/status`, {
					status: 'closed',
					version: stale
				})
			).status
		).toBe(409);
		expect(
			(
				await safe.b.post(`/en/admin/inbox/safety/${id}?/reply`, {
					message: 'We are on it.',
					version: version()
				})
			).status
		).toBe(200);
		const log = q<{ actor: string; action: string }>(
			'select actor, action from safety_access_log where report_id = ? order by id',
			id
		);
		// Each answer to a post shows the report again: a read after every change.
		expect(log.map((e) => e.action)).toEqual(['read', 'status', 'read', 'read', 'reply', 'read']);
		expect(new Set(log.map((e) => e.actor))).toEqual(new Set([safe.id]));
		const page = mainText(await (await safe.b.get(`/en/admin/inbox/safety/${id}`)).text());
		expect(page).toContain('Access log');
		expect(page).toContain('Siri Safe');
		expect(page).toContain('Changed the status');
	});

	it('the role comes from SAFETY_EMAILS or another holder: an admin as such gives and takes it from no one, themselves included', async () => {
		const { id } = await send(from(), 'no');
		const ada = staff('admin@example.org', 'Ada Admin');
		const safe = staff('safe@example.org', 'Siri Safe');
		// The admin without the role can give it to no one, themselves included, and sees no
		// button for it.
		const granted = staff('granted@example.org', 'Gro Granted');
		const grants = () =>
			JSON.stringify([q('select * from safety_grants'), q('select * from audit_log')]);
		const untouched = grants();
		expect((await granted.b.get('/en/admin/inbox/safety')).status).toBe(404);
		expect((await ada.b.post(`/en/admin/people/${ada.id}?/grantSafety`, {})).status).toBe(404);
		expect((await ada.b.post(`/en/admin/people/${granted.id}?/grantSafety`, {})).status).toBe(404);
		// A holder who is no admin: the people pages are the admins'.
		expect((await safe.b.post(`/en/admin/people/${granted.id}?/grantSafety`, {})).status).toBe(404);
		expect(grants()).toBe(untouched);
		expect((await ada.b.get(`/en/admin/inbox/safety/${id}`)).status).toBe(404);
		const adasView = await (await ada.b.get(`/en/admin/people/${granted.id}`)).text();
		expect(adasView).not.toContain('?/grantSafety');
		expect(mainText(adasView)).toContain('Only someone who has the safety role can give it');

		// An admin who holds the role gives it to another person (audited, without report content),
		// not to themselves; then the other reads reports too, and taking it away shuts them out.
		const lead = staff('lead@example.org', 'Liv Lead');
		expect(await (await lead.b.get(`/en/admin/people/${granted.id}`)).text()).toContain(
			'?/grantSafety'
		);
		expect(await (await lead.b.get(`/en/admin/people/${lead.id}`)).text()).not.toContain(
			'?/grantSafety'
		);
		expect((await lead.b.post(`/en/admin/people/${lead.id}?/grantSafety`, {})).status).toBe(409);
		expect((await lead.b.post(`/en/admin/people/${granted.id}?/grantSafety`, {})).status).toBe(200);
		expect((await granted.b.get(`/en/admin/inbox/safety/${id}`)).status).toBe(200);
		expect(await (await granted.b.get('/en/admin')).text()).toContain('/en/admin/inbox/safety');
		const audit = q<{ actor: string; action: string; details: string }>(
			"select actor, action, details from audit_log where subject_type = 'safety_grant' and subject_id = ?",
			granted.id
		);
		expect(audit).toMatchObject([{ actor: lead.id, action: 'grant' }]);
		expect(JSON.stringify(q('select * from audit_log'))).not.toContain('cabin trip');
		// The admin without the role cannot take it from the team either.
		expect((await ada.b.post(`/en/admin/people/${granted.id}?/revokeSafety`, {})).status).toBe(404);
		expect((await granted.b.get(`/en/admin/inbox/safety/${id}`)).status).toBe(200);
		expect((await lead.b.post(`/en/admin/people/${granted.id}?/revokeSafety`, {})).status).toBe(
			200
		);
		expect((await granted.b.get(`/en/admin/inbox/safety/${id}`)).status).toBe(404);
	});
});

describe('the reporter following up', () => {
	it('reads the answer and replies with code and passphrase; script stays text on both sides', async () => {
		const SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>';
		const reporter = from();
		const { code, id } = await send(reporter, 'en', {
			body: `Something happened at the bar. ${SCRIPT}`,
			email: 'kari@example.org'
		});
		const safe = staff('safe@example.org', 'Siri Safe');
		const version = () =>
			String(
				q<{ version: number }>('select version from safety_reports where id = ?', id)[0]!.version
			);
		expect(
			(
				await safe.b.post(`/en/admin/inbox/safety/${id}?/reply`, {
					message: `Thank you. ${SCRIPT}`,
					version: version()
				})
			).status
		).toBe(200);
		// The reporter is told there is an answer, not what it says; their address is sealed.
		const mail = q<{ to_address: string; text_body: string; sealed: number }>(
			"select to_address, text_body, sealed from mail_outbox where kind = 'safety-answer'"
		);
		expect(mail).toMatchObject([{ sealed: 1 }]);
		expect(mail[0]!.to_address).not.toContain('kari');
		// An absolute link (no PUBLIC_ORIGIN here: the origin the answer was posted to).
		expect(mail[0]!.text_body).toContain(`${server.url}/en/safety/follow-up`);
		expect(mail[0]!.text_body).not.toContain('Thank you');

		const opened = await reporter.post('/no/safety/follow-up?/open', {
			code: code!.toLowerCase(),
			passphrase: PASSPHRASE
		});
		expect(opened.status).toBe(200);
		const html = await opened.text();
		expect(html).not.toContain('<script>alert("x")</script>');
		expect(html).not.toContain('<img src=x');
		// Svelte writes text with &lt; for <: no tag can open.
		expect(html).toContain('&lt;script>alert("x")&lt;/script>');
		expect(mainText(html)).toContain('Varslingsteamet');
		expect(mainText(html)).toContain('Thank you.');
		expect(html).not.toContain('Siri Safe');

		const replied = await reporter.post('/no/safety/follow-up?/reply', {
			code: code!,
			passphrase: PASSPHRASE,
			message: 'It was the bartender.'
		});
		expect(replied.status).toBe(200);
		expect(mainText(await replied.text())).toContain('Svaret ditt er sendt.');

		// The team was told of the report and of the reply, each holder once, nothing of either.
		const told = q<{ kind: string; to_address: string; text_body: string }>(
			"select kind, to_address, text_body from mail_outbox where kind like 'safety-%' and kind != 'safety-answer' and created_at >= (select created_at from safety_reports where id = ?) order by kind, to_address",
			id
		);
		expect(told.map((m) => [m.kind, m.to_address])).toEqual([
			['safety-new-report', 'lead@example.org'],
			['safety-new-report', 'safe@example.org'],
			['safety-reporter-reply', 'lead@example.org'],
			['safety-reporter-reply', 'safe@example.org']
		]);
		for (const m of told) {
			expect(m.text_body).toContain(`${server.url}/no/admin/inbox/safety`);
			expect(m.text_body).not.toMatch(/bar|bartender|kari/);
		}

		const staffPage = await (await safe.b.get(`/en/admin/inbox/safety/${id}`)).text();
		expect(staffPage).not.toContain('<script>alert("x")</script>');
		expect(staffPage).not.toContain('<img src=x');
		expect(staffPage).toContain('&lt;script>alert("x")&lt;/script>');
		expect(mainText(staffPage)).toContain('It was the bartender.');
		expect(mainText(staffPage)).toContain('kari@example.org');
	});

	it('answers a wrong code and a wrong passphrase alike, and then limits the address', async () => {
		const { code } = await send(from(), 'en');
		const guesser = from();
		const wrongCode = await guesser.post('/en/safety/follow-up?/open', {
			code: 'AAAA-BBBB-CCCC-DDDD-EEEE',
			passphrase: PASSPHRASE
		});
		const wrongPassphrase = await guesser.post('/en/safety/follow-up?/open', {
			code: code!,
			passphrase: 'not the passphrase'
		});
		expect([wrongCode.status, wrongPassphrase.status]).toEqual([400, 400]);
		const [a, b] = [mainText(await wrongCode.text()), mainText(await wrongPassphrase.text())];
		expect(a).toContain('The code or the passphrase is not right.');
		expect(a).toBe(b);
		expect(b).not.toContain('cabin trip');
		for (let i = 0; i < 2; i++) {
			await guesser.post('/en/safety/follow-up?/open', { code: code!, passphrase: `guess ${i}!!` });
		}
		// Over the limit, even the right passphrase is not tried.
		const limited = await guesser.post('/en/safety/follow-up?/open', {
			code: code!,
			passphrase: PASSPHRASE
		});
		expect(limited.status).toBe(429);
		expect(mainText(await limited.text())).toContain('Too many attempts');
	});
});

describe('the form without JavaScript, in both languages', () => {
	it('links from /safety, refuses a bad post in the page language and stores nothing, then sends', async () => {
		for (const locale of ['no', 'en'] as const) {
			const safetyPage = await (await from().get(`/${locale}/safety`)).text();
			expect(safetyPage).toContain(`href="/${locale}/safety/report"`);

			const b = from();
			const before = reportIds().length;
			const refused = await b.post(`/${locale}/safety/report`, {
				...form(),
				body: 'Too short',
				email: 'not-an-address',
				passphraseAgain: 'something else'
			});
			expect(refused.status).toBe(400);
			const html = await refused.text();
			expect(html).toMatch(new RegExp(`<html[^>]*lang="${locale}"`));
			const text = mainText(html);
			expect(text).toContain(
				locale === 'no' ? 'Skriv minst 20 tegn.' : 'Please write at least 20 characters.'
			);
			expect(text).toContain(
				locale === 'no' ? 'Passordfrasene er ikke like.' : 'The passphrases are not the same.'
			);
			// What was typed stays, except the passphrase.
			expect(html).toContain('not-an-address');
			expect(html).not.toContain(PASSPHRASE);
			expect(reportIds().length).toBe(before);

			const sent = await send(b, locale, { unitId: 'board-oslo' });
			expect(sent.res.status).toBe(200);
			expect(mainText(sent.html)).toContain(
				locale === 'no' ? 'Varselet er sendt' : 'Your report has been sent'
			);
			expect(q('select unit_id, locale from safety_reports where id = ?', sent.id)).toEqual([
				{ unit_id: 'board-oslo', locale }
			]);
		}
	});

	it('swallows a filled honeypot and limits how many reports one address sends', async () => {
		const b = from();
		const before = reportIds().length;
		const bot = await send(b, 'en', { website: 'http://spam.example' });
		expect(bot.res.status).toBe(200);
		expect(bot.code).toBeDefined();
		expect(reportIds().length).toBe(before);
		// The bot's post counted too: three more of four.
		for (let i = 0; i < 3; i++) expect((await send(b, 'en')).res.status).toBe(200);
		const limited = await send(b, 'en');
		expect(limited.res.status).toBe(429);
		expect(mainText(limited.html)).toContain('Many attempts came from this address');
		expect(reportIds().length).toBe(before + 3);
	});
});
