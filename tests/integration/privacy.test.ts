// A member's privacy rights over real HTTP against the built server, as a browser without
// JavaScript uses them: "Download my data" on /profile gives a JSON file of everything stored
// about them and nothing of anyone else's; "Delete my account" asks for the password (or, without
// one, the e-mail address) and then deletes in one go: the old cookie no longer signs in, the
// order stays for the books without the buyer, the paid claim without its payout account, the
// draft claim and its receipt are gone. Both are audited; visitors and other origins are refused.
import { existsSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/lib/server/db';
import { filesService, localDiskStorage } from '../../src/lib/server/files';
import { pdf } from '../../src/lib/server/files/test-fixtures';
import { hashSecret } from '../../src/lib/server/identity';
import { addRole, claimsOn, EXPENSE_SERVER_ENV, receiptLine } from '../helpers/expense-claims';
import { createSession, withDb } from '../helpers/fixtures';
import { Browser, createAccount } from '../helpers/identity';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';

const PASSWORD = 'a long enough password';

let server: TestServer;
let claims: ReturnType<typeof claimsOn>;

beforeAll(async () => {
	server = await startServer({
		...EXPENSE_SERVER_ENV,
		...NO_RATE_LIMITS
	});
	claims = claimsOn(server.dbFile);
});
afterAll(async () => {
	await claims?.close();
	await server?.stop();
});

const q = <T>(sql: string, ...args: unknown[]) =>
	withDb(server.dbFile, (db) => db.prepare(sql).all(...args)) as T[];

/** A verified account with a password, signed in in its own browser. */
async function member(name: string) {
	const email = `${name.split(' ')[0]!.toLowerCase()}-${randomBytes(3).toString('hex')}@example.org`;
	const id = await createAccount(server.dbFile, { email, password: PASSWORD, name });
	const secret = randomBytes(32).toString('base64url');
	withDb(server.dbFile, (db) =>
		db
			.prepare(
				'insert into sessions (id, user_id, secret_hash, created_at, expires_at, user_agent) values (?, ?, ?, ?, ?, ?)'
			)
			.run(
				randomUUID(),
				id,
				hashSecret(secret),
				new Date().toISOString(),
				new Date(Date.now() + 86_400_000).toISOString(),
				'Integration test'
			)
	);
	const b = new Browser(server.url, { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` });
	b.setCookie('session', secret);
	return { id, email, name, b, secret };
}

/** An order of `userId` with one line, paid. */
function order(userId: string, buyer: { name: string; email: string; phone: string }) {
	const id = randomUUID();
	const now = new Date().toISOString();
	withDb(server.dbFile, (db) => {
		db.prepare(
			'insert into orders (id, user_id, status, provider, total_ore, buyer_name, buyer_email, buyer_phone, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
		).run(id, userId, 'paid', 'simulator', 14900, buyer.name, buyer.email, buyer.phone, now, now);
		db.prepare(
			'insert into order_lines (id, order_id, product_id, name, unit_price_ore, quantity) values (?, ?, ?, ?, ?, ?)'
		).run(randomUUID(), id, 'prod-mug', 'Krus / Mug', 14900, 1);
	});
	return id;
}

/** A receipt uploaded by `ownerId` through the server's own files folder. */
async function receipt(ownerId: string) {
	const db = openSqlite(server.dbFile);
	try {
		const files = filesService(db, localDiskStorage(join(dirname(server.dbFile), 'files')), {
			maxBytes: 1_000_000
		});
		const file = await files.accept({ ownerId, purpose: 'receipt', bytes: pdf(), name: 'r.pdf' });
		return {
			id: file.id,
			path: join(dirname(server.dbFile), 'files', file.storageKey.slice(0, 2), file.storageKey)
		};
	} finally {
		await db.destroy();
	}
}

/** A member with a team role, an order, a paid claim and a draft claim with its receipt. */
async function memberWithHistory(name: string) {
	const m = await member(name);
	addRole(server.dbFile, m.id, 'events-oslo', 'member');
	const leader = createSession(server.dbFile, { name: 'Leder' });
	const finance = createSession(server.dbFile, { name: 'Økonomi' });
	addRole(server.dbFile, leader.userId, 'board-oslo', 'leader');
	addRole(server.dbFile, finance.userId, 'board-oslo', 'finance');
	const orderId = order(m.id, { name, email: m.email, phone: '98765432' });
	const paid = await claims.submitted(m.id);
	const approved = await claims.expenses.approve(claims.as(leader.userId), paid);
	if (!approved.ok) throw new Error(approved.reason);
	const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
	const done = await claims.expenses.markPaid(claims.as(finance.userId), paid, today);
	if (!done.ok) throw new Error(done.reason);
	const file = await receipt(m.id);
	const draft = await claims.draft(m.id, { lines: [receiptLine('99', { fileId: file.id })] });
	return { ...m, orderId, paid, draft, file };
}

describe('download my data', () => {
	it('is a JSON attachment with the account, the order, the claims and the team role, and no secrets', async () => {
		const ada = await memberWithHistory('Ada Lovelace');
		const bob = await memberWithHistory('Bob Bystander');

		const profile = await (await ada.b.get('/en/profile')).text();
		expect(profile).toContain('action="/en/profile/data"');
		expect(profile).toContain('Download my data');

		const res = await ada.b.post('/en/profile/data', {});
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		expect(res.headers.get('content-disposition')).toBe(
			`attachment; filename="orgweb-data-${ada.id}-${new Date().toISOString().slice(0, 10)}.json"`
		);
		expect(res.headers.get('cache-control')).toBe('private, no-store');
		const text = await res.text();
		const data = JSON.parse(text) as {
			account: { id: string; email: string; hasPassword: boolean };
			sessions: Record<string, unknown>[];
			teamRoles: { unitId: string; role: string }[];
			orders: { id: string; lines: { name: string }[] }[];
			expenseClaims: { id: string; status: string; payoutAccount: string | null }[];
			uploads: { id: string; link: string }[];
			auditEntries: { action: string }[];
		};
		expect(data.account).toMatchObject({ id: ada.id, email: ada.email, hasPassword: true });
		expect(data.sessions[0]).toMatchObject({ userAgent: 'Integration test' });
		expect(Object.keys(data.sessions[0]!).sort()).toEqual(
			['createdAt', 'expiresAt', 'lastSeenAt', 'revokedAt', 'userAgent'].sort()
		);
		expect(data.teamRoles).toEqual([
			expect.objectContaining({ unitId: 'events-oslo', role: 'member' })
		]);
		expect(data.orders).toEqual([
			expect.objectContaining({
				id: ada.orderId,
				lines: [expect.objectContaining({ name: 'Krus / Mug' })]
			})
		]);
		expect(data.expenseClaims.map((c) => [c.id, c.status, c.payoutAccount])).toEqual(
			expect.arrayContaining([
				[ada.paid, 'paid', '8601 11 17947'],
				[ada.draft, 'draft', '8601 11 17947']
			])
		);
		expect(data.uploads).toEqual([
			expect.objectContaining({ id: ada.file.id, link: `${server.url}/api/files/${ada.file.id}` })
		]);
		expect(data.auditEntries.map((e) => e.action)).toEqual(
			expect.arrayContaining(['create', 'submit', 'approve', 'pay', 'export'])
		);

		const [hash] = q<{ password_hash: string }>(
			'select password_hash from users where id = ?',
			ada.id
		);
		const secrets = q<{ secret_hash: string }>(
			'select secret_hash from sessions where user_id = ?',
			ada.id
		);
		for (const absent of [
			hash!.password_hash,
			'$argon2',
			ada.secret,
			...secrets.map((s) => s.secret_hash),
			'secret_hash',
			'password_hash',
			bob.id,
			bob.email,
			'Bob Bystander',
			bob.orderId,
			bob.paid,
			bob.draft
		]) {
			expect(text.includes(absent), absent).toBe(false);
		}
		expect(
			q(
				'select actor, details from audit_log where subject_type = ? and subject_id = ? and action = ?',
				'user',
				ada.id,
				'export'
			)
		).toEqual([{ actor: ada.id, details: JSON.stringify({ by: 'self' }) }]);
	});

	it('gives a former approver their decisions as acts: not the reason they wrote on a member’s claim, nor whose claims they were told of', async () => {
		const lea = await member('Lea Approver');
		addRole(server.dbFile, lea.id, 'board-oslo', 'leader');
		const bob = createSession(server.dbFile, { name: 'Bob Claimant' });
		const claim = await claims.submitted(bob.userId, { purpose: 'Bob’s trip to the dentist' });
		const reason = 'Sick leave that week: migraine diagnosis attached';
		expect(await claims.expenses.reject(claims.as(lea.id), claim, reason)).toMatchObject({
			ok: true
		});
		withDb(server.dbFile, (db) =>
			db.prepare('delete from team_members where user_id = ?').run(lea.id)
		);
		expect((await lea.b.get(`/en/fs/${claim}`)).status).toBe(404);

		const res = await lea.b.post('/en/profile/data', {});
		expect(res.status).toBe(200);
		const text = await res.text();
		for (const absent of [reason, 'migraine', 'Bob’s trip to the dentist', 'Bob Claimant', claim]) {
			expect(text.includes(absent), absent).toBe(false);
		}
		const data = JSON.parse(text) as {
			auditEntries: { action: string; subjectType: string; subjectId: string | null }[];
			emailsSent: { kind: string; subject: string | null }[];
		};
		expect(data.auditEntries).toContainEqual(
			expect.objectContaining({ action: 'reject', subjectType: 'expense_claim', subjectId: null })
		);
		expect(data.emailsSent).toContainEqual(
			expect.objectContaining({ kind: 'expense-submitted', subject: null })
		);
	});

	it('sends a visitor to sign in, and refuses another origin', async () => {
		const visitor = await new Browser(server.url).post('/en/profile/data', {});
		expect(visitor.status).toBe(303);
		expect(visitor.headers.get('location')).toMatch(/\/auth\/login/);
		const ada = await member('Ada Origin');
		const forged = await ada.b.request('/en/profile/data', {
			method: 'POST',
			headers: {
				accept: 'text/html',
				origin: 'https://evil.example',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: ''
		});
		expect(forged.status).toBe(403);
		expect(q('select id from audit_log where subject_id = ?', ada.id)).toEqual([]);
	});
});

describe('delete my account', () => {
	it('asks for the password, then deletes at once: signed out, order and paid claim kept anonymised, the draft and its receipt gone', async () => {
		const ada = await memberWithHistory('Ada Delete');
		const page = await ada.b.get('/en/profile/delete');
		expect(page.status).toBe(200);
		const html = await page.text();
		expect(html).toContain('name="password"');
		expect(html).toContain('name="confirm"');
		expect(html).toContain('Orders: 1');

		// A wrong password, or no tick: nothing happens, and the page says why.
		const wrong = await ada.b.post('/en/profile/delete', {
			confirm: 'on',
			password: 'not my password'
		});
		expect(wrong.status).toBe(400);
		const wrongHtml = await wrong.text();
		expect(wrongHtml).toContain('That is not your password. Nothing was deleted.');
		expect(wrongHtml).not.toContain('not my password');
		const unticked = await ada.b.post('/en/profile/delete', { password: PASSWORD });
		expect(unticked.status).toBe(400);
		expect(await unticked.text()).toMatch(/name="confirm"[^>]*aria-invalid="true"/);
		expect(q('select deleted_at from users where id = ?', ada.id)).toEqual([{ deleted_at: null }]);
		expect((await ada.b.get('/en/profile')).status).toBe(200);

		const res = await ada.b.post('/en/profile/delete', { confirm: 'on', password: PASSWORD });
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/en/auth/deleted');
		expect(ada.b.cookie('session')).toBeUndefined();
		const deleted = await ada.b.get('/en/auth/deleted');
		expect(deleted.status).toBe(200);
		expect(await deleted.text()).toContain('Your account is deleted');

		// The old cookie signs in no more.
		const old = new Browser(server.url);
		old.setCookie('session', ada.secret);
		const profile = await old.get('/en/profile');
		expect(profile.status).toBe(303);
		expect(profile.headers.get('location')).toMatch(/\/auth\/login/);

		expect(q('select name, email, password_hash from users where id = ?', ada.id)).toEqual([
			{ name: 'Deleted user', email: null, password_hash: null }
		]);
		expect(q('select id from sessions where user_id = ?', ada.id)).toEqual([]);
		expect(q('select unit_id from team_members where user_id = ?', ada.id)).toEqual([]);
		expect(
			q(
				'select status, total_ore, buyer_name, buyer_email, buyer_phone from orders where id = ?',
				ada.orderId
			)
		).toEqual([
			{
				status: 'paid',
				total_ore: 14900,
				buyer_name: 'Deleted user',
				buyer_email: '',
				buyer_phone: ''
			}
		]);
		expect(q('select id from order_lines where order_id = ?', ada.orderId)).toHaveLength(1);
		expect(q('select status, payout_account from expense_claims where id = ?', ada.paid)).toEqual([
			{ status: 'paid', payout_account: null }
		]);
		expect(q('select id from expense_claims where id = ?', ada.draft)).toEqual([]);
		expect(q('select id from expense_lines where claim_id = ?', ada.draft)).toEqual([]);
		expect(q('select id from files where id = ?', ada.file.id)).toEqual([]);
		expect(existsSync(ada.file.path)).toBe(false);
		const [entry] = q<{ actor: string; details: string }>(
			"select actor, details from audit_log where subject_type = 'user' and subject_id = ? and action = 'delete'",
			ada.id
		);
		expect(entry!.actor).toBe(ada.id);
		expect(JSON.parse(entry!.details)).toMatchObject({
			by: 'self',
			before: { deleted_at: null, sessions: 1, team_roles: 1 },
			after: { sessions: 0, team_roles: 0 },
			kept: { orders: 1, claims: 1 }
		});
	});

	it('takes the e-mails about the member that went to others: their claim’s notice to its approvers', async () => {
		const ada = await memberWithHistory('Ada Noticed');
		const about = () =>
			q<{ kind: string }>(
				'select kind from mail_outbox where text_body like ? or subject like ?',
				'%Ada Noticed%',
				'%Ada Noticed%'
			).map((r) => r.kind);
		expect(about()).toContain('expense-submitted');
		const res = await ada.b.post('/en/profile/delete', { confirm: 'on', password: PASSWORD });
		expect(res.status).toBe(303);
		expect(about()).toEqual([]);
	});

	it('asks an account without a password to type its e-mail address', async () => {
		const session = createSession(server.dbFile, { name: 'Olav OIDC' });
		const b = new Browser(server.url);
		b.setCookie('session', session.secret);
		const html = await (await b.get('/no/profile/delete')).text();
		expect(html).toContain('name="email"');
		expect(html).not.toContain('name="password"');
		const wrong = await b.post('/no/profile/delete', { email: 'someone@example.org' });
		expect(wrong.status).toBe(400);
		const wrongHtml = await wrong.text();
		expect(wrongHtml).toContain('value="someone@example.org"');
		expect(wrongHtml).toContain('aria-invalid="true"');
		expect(q('select deleted_at from users where id = ?', session.userId)).toEqual([
			{ deleted_at: null }
		]);
		const res = await b.post('/no/profile/delete', { email: `${session.userId}@EXAMPLE.org` });
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/no/auth/deleted');
		expect(q('select email from users where id = ?', session.userId)).toEqual([{ email: null }]);
	});

	it('sends a visitor to sign in, refuses another origin, and changes nothing', async () => {
		const visitor = await new Browser(server.url).post('/en/profile/delete', {
			confirm: 'on',
			password: PASSWORD
		});
		expect(visitor.status).toBe(303);
		expect(visitor.headers.get('location')).toMatch(/\/auth\/login/);
		const ada = await member('Ada Forged');
		const forged = await ada.b.request('/en/profile/delete', {
			method: 'POST',
			headers: {
				accept: 'text/html',
				origin: 'https://evil.example',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: new URLSearchParams({ confirm: 'on', password: PASSWORD })
		});
		expect(forged.status).toBe(403);
		expect(q('select deleted_at from users where id = ?', ada.id)).toEqual([{ deleted_at: null }]);
		expect(q('select id from sessions where user_id = ?', ada.id)).toHaveLength(1);
	});
});
