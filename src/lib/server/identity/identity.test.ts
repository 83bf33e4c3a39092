import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userContext, type UserContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { reservationRow } from '../db/test-rows';
import { Forbidden } from '../errors';
import { mailer } from '../mail';
import { hashSecret, identityService, type IdentityService } from './index';
import { invitationsService, type InvitationsService } from './invitations';
import { rolesService, type Permission, type RolesService } from './roles';
import { sqlIdentityStore } from './sql';

let test: TestDatabase;
let db: Db;
let identity: IdentityService;
let roles: RolesService;
let invitations: InvitationsService;
let members: Set<string>;
/** Ids of the messages sent, in the order they were sent (neither engine keeps insertion order). */
let sentIds: string[];
const t0 = new Date('2026-11-23T12:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const nobody: UserContext = userContext(null, null);
const links = {
	verify: (t: string) => `http://x/v?token=${t}`,
	reset: (t: string) => `http://x/r?token=${t}`
};
const PASSWORD = 'correct horse battery';

function build(signupDomains: string[] | null = null) {
	const store = sqlIdentityStore(db);
	const outboxMailer = mailer(db, null, { from: 'x <x@localhost>' });
	const mail: typeof outboxMailer = {
		...outboxMailer,
		async send(message, now) {
			const sent = await outboxMailer.send(message, now);
			sentIds.push(sent.id);
			return sent;
		}
	};
	identity = identityService(store, { ttlDays: 30, mail, signupDomains });
	roles = rolesService({
		store,
		isMember: async (id) => members.has(id),
		adminEmails: ['admin@example.org'],
		safetyEmails: ['safe@example.org']
	});
	invitations = invitationsService(store, roles, identity, mail);
}

const outbox = async () => {
	const rows = await db.selectFrom('mail_outbox').selectAll().execute();
	return rows.sort((a, b) => sentIds.indexOf(a.id) - sentIds.indexOf(b.id));
};
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

async function lastTokenTo(email: string, kind: string) {
	const rows = (await outbox()).filter((r) => r.to_address === email && r.kind === kind);
	return tokenIn(rows.at(-1)?.text_body ?? '');
}

/** Confirms an address from a browser that did not register it (no proof). */
const confirm = (token: string, when = t0, signupProof?: string) =>
	identity.confirmEmail(nobody, token, { signupProof, userAgent: null }, when);

async function verifiedUser(email: string, name = 'Test') {
	await identity.register({ name, email, password: PASSWORD, locale: 'en' }, links, t0);
	expect(await confirm(await lastTokenTo(email, 'email-verification'))).toMatchObject({ email });
	const result = await identity.signInWithPassword(
		nobody,
		{
			email,
			password: PASSWORD,
			client: `addr-${email}`,
			userAgent: 'test',
			verifyLink: links.verify
		},
		t0
	);
	if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
	return userContext(result.session.user, result.session.sessionId);
}

const signIn = (email: string, password: string, client = '10.0.0.1', now = t0, ctx = nobody) =>
	identity.signInWithPassword(
		ctx,
		{ email, password, client, userAgent: 'UA', verifyLink: links.verify },
		now
	);

describe.each(ENGINES)('on %s', (engine) => {
	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		await seedDemo(db, t0);
		members = new Set();
		sentIds = [];
		build();
	});
	afterEach(() => test.destroy());

	describe('passwords and registration', () => {
		it('stores an argon2id hash, never the password', async () => {
			await identity.register(
				{ name: 'A', email: 'a@example.org', password: PASSWORD, locale: 'no' },
				links,
				t0
			);
			const row = await db
				.selectFrom('users')
				.selectAll()
				.where('email', '=', 'a@example.org')
				.executeTakeFirstOrThrow();
			expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
			expect(row.password_hash).not.toContain(PASSWORD);
		});

		it('a new account signs in only after the e-mail link, which works once', async () => {
			await identity.register(
				{ name: 'A', email: 'A@Example.org ', password: PASSWORD, locale: 'en' },
				links,
				t0
			);
			expect(await signIn('a@example.org', PASSWORD)).toMatchObject({
				ok: false,
				reason: 'unverified'
			});
			const token = await lastTokenTo('a@example.org', 'email-verification');
			const stored = await db
				.selectFrom('auth_tokens')
				.select('token_hash')
				.executeTakeFirstOrThrow();
			expect(stored.token_hash).toBe(hashSecret(token));
			expect(await confirm(token)).toEqual({ email: 'a@example.org', session: null });
			expect(await confirm(token)).toBeNull();
			expect((await signIn('A@EXAMPLE.ORG', PASSWORD)).ok).toBe(true);
		});

		it('the verification link expires after 24 hours; the right password then mails a fresh one', async () => {
			await identity.register(
				{ name: 'A', email: 'a@example.org', password: PASSWORD, locale: 'en' },
				links,
				t0
			);
			const token = await lastTokenTo('a@example.org', 'email-verification');
			const later = at(24 * 3_600_000 + 1);
			expect(await confirm(token, later)).toBeNull();
			const before = (await outbox()).length;
			expect(await signIn('a@example.org', 'wrong password!', 'x', later)).toMatchObject({
				reason: 'invalid'
			});
			expect((await outbox()).length).toBe(before);
			expect(await signIn('a@example.org', PASSWORD, 'x', later)).toMatchObject({
				ok: false,
				reason: 'unverified'
			});
			const fresh = await lastTokenTo('a@example.org', 'email-verification');
			expect(fresh).not.toBe(token);
			expect(await confirm(fresh, later)).not.toBeNull();
		});

		it('registering a taken e-mail answers the same, adds no user and tells the owner', async () => {
			await verifiedUser('taken@example.org');
			const before = await db.selectFrom('users').select('id').execute();
			const result = await identity.register(
				{ name: 'Other', email: 'taken@example.org', password: 'another password', locale: 'en' },
				links,
				t0
			);
			// The browser keeps a proof either way, of the same shape: nothing tells the two apart.
			expect(result).toEqual({ ok: true, signupProof: expect.stringMatching(/^[0-9a-f]{64}$/) });
			expect(await db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
			const last = (await outbox()).at(-1)!;
			expect(last.kind).toBe('registration-existing');
			expect(last.text_body).not.toMatch(/token=/);
			expect((await signIn('taken@example.org', 'another password')).ok).toBe(false);
		});

		it('with SIGNUP_EMAIL_DOMAINS only those domains may register', async () => {
			build(['uni.example']);
			expect(
				await identity.register(
					{ name: 'A', email: 'a@gmail.example', password: PASSWORD, locale: 'en' },
					links,
					t0
				)
			).toEqual({ ok: false, reason: 'domain_not_allowed' });
			expect(
				await identity.register(
					{ name: 'A', email: 'a@UNI.example', password: PASSWORD, locale: 'en' },
					links,
					t0
				)
			).toMatchObject({ ok: true });
		});

		it('confirming in the browser that registered signs in; anywhere else it only confirms', async () => {
			const registered = await identity.register(
				{ name: 'Ria', email: 'ria@example.org', password: PASSWORD, locale: 'en' },
				links,
				t0
			);
			const proof = registered.ok ? registered.signupProof : '';
			const first = await lastTokenTo('ria@example.org', 'email-verification');
			// Another browser's proof (one that registered someone else) signs nobody in.
			const other = await identity.register(
				{ name: 'Eve', email: 'eve@example.org', password: PASSWORD, locale: 'en' },
				links,
				t0
			);
			expect(await confirm(first, t0, other.ok ? other.signupProof : '')).toEqual({
				email: 'ria@example.org',
				session: null
			});

			await identity.register(
				{ name: 'Sam', email: 'sam@example.org', password: PASSWORD, locale: 'en' },
				links,
				t0
			);
			const unverified = await signIn('sam@example.org', PASSWORD);
			const samProof =
				!unverified.ok && unverified.reason === 'unverified' ? unverified.signupProof : '';
			const signedIn = await confirm(
				await lastTokenTo('sam@example.org', 'email-verification'),
				t0,
				samProof
			);
			expect(signedIn?.session?.user).toMatchObject({ email: 'sam@example.org', name: 'Sam' });
			const resolved = await identity.resolveSession(signedIn!.session!.secret, t0);
			expect(resolved?.user.email).toBe('sam@example.org');
			expect(proof).not.toBe(samProof);
		});
	});

	describe('sign-in', () => {
		it('unknown e-mail and wrong password get the same answer', async () => {
			await verifiedUser('known@example.org');
			expect(await signIn('unknown@example.org', PASSWORD, '1')).toEqual({
				ok: false,
				reason: 'invalid'
			});
			expect(await signIn('known@example.org', 'wrong password!', '2')).toEqual({
				ok: false,
				reason: 'invalid'
			});
		});

		it('after 5 failures an account waits 15 s, then 30 s after the next, whatever the password', async () => {
			await verifiedUser('slow@example.org');
			for (let i = 0; i < 5; i++) await signIn('slow@example.org', 'wrong password!', `ip${i}`);
			expect(await signIn('slow@example.org', PASSWORD, 'fresh')).toEqual({
				ok: false,
				reason: 'throttled',
				retryAfterSeconds: 15
			});
			await signIn('slow@example.org', 'wrong password!', 'ipx', at(15_000));
			const again = await signIn('slow@example.org', PASSWORD, 'fresh', at(16_000));
			expect(again).toEqual({ ok: false, reason: 'throttled', retryAfterSeconds: 29 });
			expect((await signIn('slow@example.org', PASSWORD, 'fresh', at(45_000))).ok).toBe(true);
			// Success clears the account's count.
			expect((await signIn('slow@example.org', 'wrong password!', 'f2', at(46_000))).ok).toBe(
				false
			);
			expect((await signIn('slow@example.org', PASSWORD, 'f2', at(46_001))).ok).toBe(true);
		});

		it('20 wrong passwords at once for one account: 5 are checked, 15 wait', async () => {
			await verifiedUser('burst@example.org');
			const results = await Promise.all(
				Array.from({ length: 20 }, (_, i) =>
					signIn('burst@example.org', 'wrong password!', `b${i}`)
				)
			);
			expect(results.filter((r) => !r.ok && r.reason === 'invalid')).toHaveLength(5);
			expect(results.filter((r) => !r.ok && r.reason === 'throttled')).toHaveLength(15);
			expect(await signIn('burst@example.org', PASSWORD, 'fresh')).toMatchObject({
				reason: 'throttled'
			});
		});

		it('the right password sent twice at once (a double click) signs in twice', async () => {
			await verifiedUser('double@example.org');
			const [a, b] = await Promise.all([
				signIn('double@example.org', PASSWORD, '5.5.5.5'),
				signIn('double@example.org', PASSWORD, '5.5.5.5')
			]);
			expect([a.ok, b.ok]).toEqual([true, true]);
		});

		it("a success clears the account's count but not the address's", async () => {
			await verifiedUser('good@example.org');
			for (let i = 0; i < 19; i++)
				await signIn(`spray${i}@example.org`, 'wrong password!', '9.9.9.9');
			expect((await signIn('good@example.org', PASSWORD, '9.9.9.9')).ok).toBe(true);
			await signIn('spray-last@example.org', 'wrong password!', '9.9.9.9');
			expect(await signIn('good@example.org', PASSWORD, '9.9.9.9')).toMatchObject({
				reason: 'throttled'
			});
		});

		it('an unknown account is throttled the same way, so throttling reveals nothing', async () => {
			for (let i = 0; i < 5; i++) await signIn('ghost@example.org', 'x'.repeat(12), `g${i}`);
			expect(await signIn('ghost@example.org', 'x'.repeat(12), 'g9')).toMatchObject({
				reason: 'throttled'
			});
		});

		it('one address failing on 20 different accounts waits too', async () => {
			await verifiedUser('victim@example.org');
			for (let i = 0; i < 20; i++) await signIn(`u${i}@example.org`, 'wrong password!', '6.6.6.6');
			expect(await signIn('victim@example.org', PASSWORD, '6.6.6.6')).toMatchObject({
				reason: 'throttled'
			});
			expect((await signIn('victim@example.org', PASSWORD, '7.7.7.7')).ok).toBe(true);
		});

		it('failures are forgotten an hour after the last one', async () => {
			await verifiedUser('f@example.org');
			for (let i = 0; i < 5; i++) await signIn('f@example.org', 'wrong password!', 'a');
			// Within the hour a sixth failure counts on: the next attempt must wait.
			await signIn('f@example.org', 'wrong password!', 'b', at(59 * 60_000));
			expect(await signIn('f@example.org', PASSWORD, 'b', at(59 * 60_000 + 1))).toMatchObject({
				reason: 'throttled'
			});
			// An hour after the last failure the count starts again from one.
			await signIn('f@example.org', 'wrong password!', 'c', at(119 * 60_000));
			expect((await signIn('f@example.org', PASSWORD, 'c', at(119 * 60_000 + 1))).ok).toBe(true);
		});

		it('signing in moves the anonymous cart to the user and revokes the anonymous session', async () => {
			const user = await verifiedUser('cart@example.org');
			const held = { from: t0.toISOString(), until: at(600_000).toISOString() };
			await db
				.insertInto('cart_reservations')
				.values([
					reservationRow('r-user-mug', user.user!.id, 'prod-mug', 3, held),
					reservationRow('r-user-sticker', user.user!.id, 'prod-sticker', 1, held)
				])
				.execute();
			const anon = await identity.createAnonymousSession({ kind: 'admin', actor: 't' }, t0);
			await db
				.insertInto('cart_reservations')
				.values(reservationRow('r-anon-mug', anon.user.id, 'prod-mug', 1, held))
				.execute();
			const anonCtx = userContext(anon.user, anon.sessionId);
			const result = await signIn('cart@example.org', PASSWORD, 'c', t0, anonCtx);
			expect(result.ok).toBe(true);
			const rows = await db
				.selectFrom('cart_reservations')
				.select(['id', 'cart_id', 'quantity'])
				.orderBy('id')
				.execute();
			expect(rows).toEqual([
				{ id: 'r-anon-mug', cart_id: user.user!.id, quantity: 1 },
				{ id: 'r-user-sticker', cart_id: user.user!.id, quantity: 1 }
			]);
			expect(await identity.resolveSession(anon.secret, t0)).toBeNull();
		});
	});

	describe('sessions', () => {
		it('slide: used after a day, the expiry moves to 30 days from then; at most once a day', async () => {
			const anon = await identity.createAnonymousSession({ kind: 'admin', actor: 't' }, t0);
			expect((await identity.resolveSession(anon.secret, at(3_600_000)))?.renewedUntil).toBeNull();
			const later = at(2 * 86_400_000);
			const renewed = await identity.resolveSession(anon.secret, later);
			expect(renewed?.renewedUntil?.toISOString()).toBe(
				new Date(later.getTime() + 30 * 86_400_000).toISOString()
			);
			expect(
				(await identity.resolveSession(anon.secret, at(2 * 86_400_000 + 60_000)))?.renewedUntil
			).toBeNull();
			// 31 days after the start it still works, because it was used on day 2.
			expect(await identity.resolveSession(anon.secret, at(31 * 86_400_000))).not.toBeNull();
		});

		it('an unused session ends after 30 days', async () => {
			const anon = await identity.createAnonymousSession({ kind: 'admin', actor: 't' }, t0);
			expect(await identity.resolveSession(anon.secret, at(30 * 86_400_000 + 1))).toBeNull();
		});

		it('sign out revokes this session only; sign out everywhere revokes all', async () => {
			const a = await verifiedUser('s@example.org');
			const b = await signIn('s@example.org', PASSWORD, 'x');
			const c = await signIn('s@example.org', PASSWORD, 'x');
			if (!b.ok || !c.ok) throw new Error('sign-in failed');
			await identity.signOut(userContext(b.session.user, b.session.sessionId), t0);
			expect(await identity.resolveSession(b.session.secret, t0)).toBeNull();
			expect(await identity.resolveSession(c.session.secret, t0)).not.toBeNull();
			expect((await identity.sessions(a, t0)).length).toBe(2);
			expect(await identity.signOutEverywhere(a, t0)).toBe(2);
			expect(await identity.resolveSession(c.session.secret, t0)).toBeNull();
		});

		// Lookups made at once are one query (identity/sessions-sql.ts): each is still answered
		// for its own secret and at its own time.
		it('lookups at once: each finds its own session, judged at its own time', async () => {
			const a = await identity.createAnonymousSession({ kind: 'admin', actor: 't' }, t0);
			const b = await identity.createAnonymousSession(
				{ kind: 'admin', actor: 't' },
				at(86_400_000)
			);
			const [first, second, again, expired, unknown] = await Promise.all([
				identity.resolveSession(a.secret, at(1000)),
				identity.resolveSession(b.secret, at(1000)),
				identity.resolveSession(a.secret, at(2000)),
				identity.resolveSession(a.secret, at(30 * 86_400_000 + 1)),
				identity.resolveSession('x'.repeat(43), at(1000))
			]);
			expect(first?.sessionId).toBe(a.sessionId);
			expect(second?.sessionId).toBe(b.sessionId);
			expect(again?.sessionId).toBe(a.sessionId);
			expect(first?.user.id).not.toBe(second?.user.id);
			expect(expired).toBeNull();
			expect(unknown).toBeNull();
		});

		it("a user cannot revoke another user's session", async () => {
			const a = await verifiedUser('a@example.org');
			const b = await verifiedUser('b@example.org');
			expect(await identity.revokeSession(a, b.sessionId!, t0)).toBe(false);
			expect((await identity.sessions(b, t0)).map((s) => s.id)).toContain(b.sessionId);
			expect(await identity.revokeSession(a, a.sessionId!, t0)).toBe(true);
		});
	});

	describe('password reset', () => {
		it('an unknown address gets no mail; a known one a link that works once and signs out every session', async () => {
			const user = await verifiedUser('r@example.org');
			const before = (await outbox()).length;
			await identity.requestPasswordReset('nobody@example.org', 'en', links.reset, t0);
			expect((await outbox()).length).toBe(before);
			await identity.requestPasswordReset('R@example.org', 'no', links.reset, t0);
			const token = await lastTokenTo('r@example.org', 'password-reset');
			expect(await identity.resetPassword(token, 'brand new password', t0)).toBe(true);
			expect(await identity.resetPassword(token, 'attacker password', t0)).toBe(false);
			expect(await identity.sessions(user, t0).catch(() => [])).toEqual([]);
			expect((await signIn('r@example.org', 'brand new password')).ok).toBe(true);
			expect((await signIn('r@example.org', 'attacker password', 'y')).ok).toBe(false);
		});

		it('a reset that fails while saving leaves the link usable and the old password in place', async () => {
			await verifiedUser('f@example.org');
			await identity.requestPasswordReset('f@example.org', 'en', links.reset, t0);
			const token = await lastTokenTo('f@example.org', 'password-reset');
			// The store fails after the token was used, inside the same transaction.
			if (engine === 'sqlite') {
				await sql`create trigger refuse before update of password_hash on users begin select raise(abort, 'refused'); end`.execute(
					db
				);
			} else {
				await sql`create function refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
					db
				);
				await sql`create trigger refuse before update of password_hash on users for each row execute function refuse()`.execute(
					db
				);
			}
			await expect(identity.resetPassword(token, 'brand new password', t0)).rejects.toThrow();
			await sql
				.raw(engine === 'sqlite' ? 'drop trigger refuse' : 'drop trigger refuse on users')
				.execute(db);
			expect((await signIn('f@example.org', PASSWORD)).ok).toBe(true);
			expect(await identity.resetPassword(token, 'brand new password', t0)).toBe(true);
		});

		it('a reset link expires after an hour, and a newer link replaces an older one', async () => {
			await verifiedUser('e@example.org');
			await identity.requestPasswordReset('e@example.org', 'en', links.reset, t0);
			const first = await lastTokenTo('e@example.org', 'password-reset');
			await identity.requestPasswordReset('e@example.org', 'en', links.reset, t0);
			const second = await lastTokenTo('e@example.org', 'password-reset');
			expect(await identity.resetPassword(first, 'brand new password', t0)).toBe(false);
			expect(await identity.resetPassword(second, 'brand new password', at(3_600_001))).toBe(false);
		});

		it('resetting verifies the address: an unverified squatter cannot keep the account', async () => {
			await identity.register(
				{ name: 'Squatter', email: 'v@example.org', password: 'squatter password', locale: 'en' },
				links,
				t0
			);
			await identity.requestPasswordReset('v@example.org', 'en', links.reset, t0);
			expect(
				await identity.resetPassword(
					await lastTokenTo('v@example.org', 'password-reset'),
					'owner password!',
					t0
				)
			).toBe(true);
			expect((await signIn('v@example.org', 'owner password!')).ok).toBe(true);
		});
	});

	describe('roles', () => {
		it('visitor, anonymous, member, admin (verified e-mail in ADMIN_EMAILS only)', async () => {
			expect(await roles.rolesOf(nobody)).toEqual({
				signedIn: false,
				member: false,
				memberUntil: null,
				admin: false,
				safety: false,
				units: []
			});
			const anon = await identity.createAnonymousSession({ kind: 'admin', actor: 't' }, t0);
			expect((await roles.rolesOf(userContext(anon.user, anon.sessionId))).signedIn).toBe(false);
			const user = await verifiedUser('m@example.org');
			members.add(user.user!.id);
			expect(await roles.rolesOf(user)).toMatchObject({
				signedIn: true,
				member: true,
				admin: false
			});
			expect(await roles.can(user, { action: 'members-only' })).toBe(true);
			const admin = await verifiedUser('admin@example.org');
			expect(await roles.can(admin, { action: 'admin' })).toBe(true);
			await db
				.updateTable('users')
				.set({ email_verified_at: null })
				.where('email', '=', 'admin@example.org')
				.execute();
			expect(await roles.can(admin, { action: 'admin' })).toBe(false);
		});

		it('safety: a verified e-mail in SAFETY_EMAILS or a grant, never implied by admin', async () => {
			const admin = await verifiedUser('admin@example.org');
			expect(await roles.can(admin, { action: 'admin' })).toBe(true);
			expect(await roles.can(admin, { action: 'safety' })).toBe(false);
			expect((await roles.rolesOf(admin)).safety).toBe(false);
			const safe = await verifiedUser('safe@example.org');
			expect(await roles.can(safe, { action: 'safety' })).toBe(true);
			expect(await roles.rolesOf(safe)).toMatchObject({ safety: true, admin: false });
			await db
				.updateTable('users')
				.set({ email_verified_at: null })
				.where('email', '=', 'safe@example.org')
				.execute();
			expect(await roles.can(safe, { action: 'safety' })).toBe(false);
			await db
				.insertInto('safety_grants')
				.values({
					user_id: admin.user!.id,
					granted_by: 'system:test',
					granted_at: t0.toISOString()
				})
				.execute();
			expect(await roles.can(admin, { action: 'safety' })).toBe(true);
		});
		it('a reading request (a page) answers every permission as a lookup of each would', async () => {
			const join = (ctx: UserContext, unit: string, role: string) =>
				db
					.insertInto('team_members')
					.values({ unit_id: unit, user_id: ctx.user!.id, role, created_at: t0.toISOString() })
					.execute();
			const admin = await verifiedUser('admin@example.org');
			const leader = await verifiedUser('leader@example.org');
			await join(leader, 'events-oslo', 'leader');
			const finance = await verifiedUser('finance@example.org');
			await join(finance, 'events-oslo', 'finance');
			const paying = await verifiedUser('paying@example.org');
			members.add(paying.user!.id);
			const plain = await verifiedUser('plain@example.org');
			await join(plain, 'events-oslo', 'member');
			const permissions: Permission[] = [
				{ action: 'admin' },
				{ action: 'safety' },
				{ action: 'members-only' },
				...['events-oslo', 'board-oslo'].flatMap((unitId): Permission[] => [
					{ action: 'manage-team', unitId },
					{ action: 'manage-documents', unitId },
					{ action: 'edit-content', unitId },
					{ action: 'review-applications', unitId },
					{ action: 'unit-role', unitId, roles: ['finance'] },
					{ action: 'unit-role', unitId, roles: ['member', 'leader'] }
				]),
				{ action: 'edit-content', unitId: null },
				{ action: 'manage-documents', unitId: null }
			];
			for (const ctx of [nobody, admin, leader, finance, paying, plain]) {
				const reading = { ...ctx, readOnly: true };
				// The page's header looked the roles up; every check after it answers from them.
				await roles.rolesOf(reading);
				const asked = await Promise.all(permissions.map((p) => roles.can(ctx, p)));
				const answered = await Promise.all(permissions.map((p) => roles.can(reading, p)));
				expect(answered).toEqual(asked);
			}
			// Not all the same answer: the comparison means something.
			expect(await roles.can(leader, permissions[3]!)).toBe(true);
			expect(await roles.can(plain, permissions[3]!)).toBe(false);
		});

		it('a reading request keeps the roles it found; the next request sees a change', async () => {
			const user = await verifiedUser('later@example.org');
			const reading = { ...user, readOnly: true };
			expect((await roles.rolesOf(reading)).admin).toBe(false);
			await db
				.insertInto('admin_grants')
				.values({ user_id: user.user!.id, granted_by: 'system:test', granted_at: t0.toISOString() })
				.execute();
			expect((await roles.rolesOf(reading)).admin).toBe(false);
			expect((await roles.rolesOf({ ...user, readOnly: true })).admin).toBe(true);
			expect(await roles.can(user, { action: 'admin' })).toBe(true);
		});
	});

	describe('invitations', () => {
		const invite = (
			ctx: UserContext,
			email: string,
			role: 'member' | 'leader' | 'finance' = 'member'
		) =>
			invitations.invite(
				ctx,
				{ unitId: 'events-oslo', email, role, locale: 'en' },
				(t) => `http://x/i?token=${t}`,
				t0
			);

		it('the invitation mail names the inviter, the team, the role and its last day, in the inviter’s language', async () => {
			const admin = await verifiedUser('admin@example.org', 'Ada Admin');
			for (const [locale, words] of [
				['en', ['Ada Admin invited you to join Events Committee as finance', '30 November 2026']],
				[
					'no',
					[
						'Ada Admin har invitert deg til å bli med i Arrangementsutvalget som økonomiansvarlig',
						'30. november 2026'
					]
				]
			] as const) {
				await invitations.invite(
					admin,
					{ unitId: 'events-oslo', email: `${locale}@example.org`, role: 'finance', locale },
					(t) => `http://x/i?token=${t}`,
					t0
				);
				const mail = (await outbox()).at(-1)!;
				for (const word of words) expect(mail.text_body).toContain(word);
				expect(mail.text_body).not.toMatch(/\d{4}-\d\d-\d\d/);
				expect(mail.subject).toContain(
					locale === 'en' ? 'Events Committee' : 'Arrangementsutvalget'
				);
				expect(mail.reply_to).toBe('admin@example.org');
			}
		});

		it('only a leader of the unit (or an admin) may invite', async () => {
			const stranger = await verifiedUser('stranger@example.org');
			await expect(invite(stranger, 'x@example.org')).rejects.toBeInstanceOf(Forbidden);
			const admin = await verifiedUser('admin@example.org');
			const made = await invite(admin, 'lead@example.org', 'leader');
			const lead = await verifiedUser('lead@example.org');
			expect((await invitations.accept(lead, tokenIn(made.url), { userAgent: null }, t0)).ok).toBe(
				true
			);
			expect(await roles.can(lead, { action: 'manage-team', unitId: 'events-oslo' })).toBe(true);
			expect(await roles.can(lead, { action: 'manage-team', unitId: 'board-oslo' })).toBe(false);
			await expect(invite(lead, 'new@example.org', 'finance')).resolves.toMatchObject({
				id: expect.any(String)
			});
		});

		it('a visitor creates a verified account, joins, gets a session; the link then works no more', async () => {
			const admin = await verifiedUser('admin@example.org');
			const { url } = await invite(admin, 'New@Example.org', 'finance');
			const token = tokenIn(url);
			expect((await outbox()).at(-1)).toMatchObject({
				kind: 'team-invitation',
				to_address: 'new@example.org'
			});
			expect(await invitations.view(token, t0)).toMatchObject({
				role: 'finance',
				email: 'new@example.org'
			});
			expect(await invitations.accept(nobody, token, { userAgent: null }, t0)).toEqual({
				ok: false,
				reason: 'needs_account'
			});
			const result = await invitations.accept(
				nobody,
				token,
				{ name: 'New', password: PASSWORD, userAgent: null },
				t0
			);
			expect(result).toMatchObject({ ok: true, unitId: 'events-oslo' });
			const ctx = userContext(
				result.ok ? result.session!.user : null,
				result.ok ? result.session!.sessionId : null
			);
			expect((await roles.rolesOf(ctx)).units).toEqual([
				{ unitId: 'events-oslo', role: 'finance' }
			]);
			expect((await signIn('new@example.org', PASSWORD)).ok).toBe(true);
			expect(await invitations.view(token, t0)).toBeNull();
			expect(
				await invitations.accept(
					nobody,
					token,
					{ name: 'Again', password: PASSWORD, userAgent: null },
					t0
				)
			).toEqual({ ok: false, reason: 'invalid' });
		});

		it('an invitation is permission to join even when SIGNUP_EMAIL_DOMAINS would refuse the address', async () => {
			const admin = await verifiedUser('admin@example.org');
			build(['uni.example']);
			const { url } = await invite(admin, 'outsider@gmail.example');
			const result = await invitations.accept(
				nobody,
				tokenIn(url),
				{ name: 'Out', password: PASSWORD, userAgent: null },
				t0
			);
			expect(result.ok).toBe(true);
		});

		it('a second invitation to the same team replaces the role', async () => {
			const admin = await verifiedUser('admin@example.org');
			const user = await verifiedUser('twice@example.org');
			for (const role of ['member', 'finance'] as const) {
				const { url } = await invite(admin, 'twice@example.org', role);
				expect((await invitations.accept(user, tokenIn(url), { userAgent: null }, t0)).ok).toBe(
					true
				);
			}
			expect((await roles.rolesOf(user)).units).toEqual([
				{ unitId: 'events-oslo', role: 'finance' }
			]);
		});

		it('an invited address that has an account must sign in first', async () => {
			const admin = await verifiedUser('admin@example.org');
			await verifiedUser('has@example.org');
			const { url } = await invite(admin, 'has@example.org');
			expect(
				await invitations.accept(
					nobody,
					tokenIn(url),
					{ name: 'X', password: PASSWORD, userAgent: null },
					t0
				)
			).toEqual({ ok: false, reason: 'sign_in' });
		});

		it('revoked and expired invitations cannot be accepted', async () => {
			const admin = await verifiedUser('admin@example.org');
			const user = await verifiedUser('u@example.org');
			const revoked = await invite(admin, 'u@example.org');
			expect(await invitations.revoke(admin, 'events-oslo', revoked.id, t0)).toBe(true);
			expect(await invitations.accept(user, tokenIn(revoked.url), { userAgent: null }, t0)).toEqual(
				{
					ok: false,
					reason: 'invalid'
				}
			);
			const old = await invite(admin, 'u@example.org');
			expect(
				await invitations.accept(
					user,
					tokenIn(old.url),
					{ userAgent: null },
					at(7 * 86_400_000 + 1)
				)
			).toEqual({ ok: false, reason: 'invalid' });
			expect(await invitations.pending(admin, 'events-oslo', t0)).toHaveLength(1);
		});

		it('a leader of another unit can neither list nor revoke', async () => {
			const admin = await verifiedUser('admin@example.org');
			const made = await invite(admin, 'x@example.org');
			const other = await verifiedUser('other@example.org');
			await expect(invitations.revoke(other, 'events-oslo', made.id, t0)).rejects.toBeInstanceOf(
				Forbidden
			);
			await expect(invitations.pending(other, 'events-oslo', t0)).rejects.toBeInstanceOf(Forbidden);
		});
	});

	// Twenty callers at once through the services, as two instances on one PostgreSQL would be
	// (the test database's pool has five connections): what may happen once happens once.
	describe('simultaneous requests', () => {
		const RACERS = 20;
		const racers = <T>(run: (i: number) => Promise<T>) =>
			Promise.all(Array.from({ length: RACERS }, (_, i) => run(i)));
		const inviteTo = async (email: string) => {
			const admin = await verifiedUser('admin@example.org');
			const { id, url } = await invitations.invite(
				admin,
				{ unitId: 'events-oslo', email, role: 'member', locale: 'en' },
				(t) => `http://x/i?token=${t}`,
				t0
			);
			return { id, token: tokenIn(url) };
		};
		const teamOf = async (unitId: string) =>
			(
				await db
					.selectFrom('team_members')
					.select('user_id')
					.where('unit_id', '=', unitId)
					.execute()
			).map((r) => r.user_id);

		it('one e-mail link used twenty times at once confirms the address once', async () => {
			await identity.register(
				{ name: 'A', email: 'race@example.org', password: PASSWORD, locale: 'en' },
				links,
				t0
			);
			const token = await lastTokenTo('race@example.org', 'email-verification');
			const results = await racers(() => confirm(token));
			expect(results.filter(Boolean)).toHaveLength(1);
			expect((await signIn('race@example.org', PASSWORD)).ok).toBe(true);
		});

		it('one reset link used twenty times at once sets exactly one new password', async () => {
			await verifiedUser('reset-race@example.org');
			await identity.requestPasswordReset('reset-race@example.org', 'en', links.reset, t0);
			const token = await lastTokenTo('reset-race@example.org', 'password-reset');
			const results = await racers((i) => identity.resetPassword(token, `new password ${i}`, t0));
			expect(results.filter(Boolean)).toHaveLength(1);
			const winner = results.indexOf(true);
			const loser = (winner + 1) % RACERS;
			expect((await signIn('reset-race@example.org', `new password ${winner}`, 'w')).ok).toBe(true);
			expect((await signIn('reset-race@example.org', `new password ${loser}`, 'l')).ok).toBe(false);
		});

		it('twenty reset requests at once leave one working link, not twenty', async () => {
			await verifiedUser('many-links@example.org');
			await racers(() =>
				identity.requestPasswordReset('many-links@example.org', 'en', links.reset, t0)
			);
			const mailed = (await outbox())
				.filter((r) => r.to_address === 'many-links@example.org' && r.kind === 'password-reset')
				.map((r) => tokenIn(r.text_body));
			expect(mailed).toHaveLength(RACERS);
			let working = 0;
			for (const token of mailed) {
				if (await identity.resetPassword(token, 'brand new password', t0)) working += 1;
			}
			expect(working).toBe(1);
		});

		it('twenty sign-ups with one e-mail at once make one account and one verification link', async () => {
			const results = await racers((i) =>
				identity.register(
					{
						name: `N${i}`,
						email: 'twin@example.org',
						password: `password number ${i}`,
						locale: 'en'
					},
					links,
					t0
				)
			);
			expect(results.map((r) => r.ok)).toEqual(Array(RACERS).fill(true));
			const accounts = await db
				.selectFrom('users')
				.select('id')
				.where('email', '=', 'twin@example.org')
				.execute();
			expect(accounts).toHaveLength(1);
			const kinds = (await outbox()).filter((r) => r.to_address === 'twin@example.org');
			expect(kinds.filter((r) => r.kind === 'email-verification')).toHaveLength(1);
			expect(kinds.filter((r) => r.kind === 'registration-existing')).toHaveLength(RACERS - 1);
		});

		it('twenty visitors accepting one invitation at once: one account joins, the rest are refused', async () => {
			const { token } = await inviteTo('invitee@example.org');
			const results = await racers((i) =>
				invitations.accept(
					nobody,
					token,
					{ name: `V${i}`, password: `password number ${i}`, userAgent: null },
					t0
				)
			);
			const accepted = results.filter((r) => r.ok);
			expect(accepted).toHaveLength(1);
			const accounts = await db
				.selectFrom('users')
				.select('id')
				.where('email', '=', 'invitee@example.org')
				.execute();
			expect(accounts).toHaveLength(1);
			expect(await teamOf('events-oslo')).toEqual([accounts[0]!.id]);
		});

		it('twenty signed-in users accepting one invitation at once: exactly one joins', async () => {
			const { token } = await inviteTo('shared-link@example.org');
			const users = Array.from({ length: RACERS }, (_, i) => ({
				id: `racer-${i}`,
				email: `racer-${i}@example.org`,
				name: `Racer ${i}`,
				isAnonymous: false
			}));
			await db
				.insertInto('users')
				.values(
					users.map((u) => ({
						id: u.id,
						email: u.email,
						name: u.name,
						is_anonymous: 0,
						created_at: t0.toISOString()
					}))
				)
				.execute();
			const results = await racers((i) =>
				invitations.accept(userContext(users[i]!, null), token, { userAgent: null }, t0)
			);
			expect(results.filter((r) => r.ok)).toHaveLength(1);
			expect(await teamOf('events-oslo')).toEqual([users[results.findIndex((r) => r.ok)]!.id]);
		});

		it('a revocation racing an acceptance: either the member joined or the link was refused, never both', async () => {
			const admin = await verifiedUser('admin@example.org');
			const made = await invitations.invite(
				admin,
				{ unitId: 'events-oslo', email: 'late@example.org', role: 'member', locale: 'en' },
				(t) => `http://x/i?token=${t}`,
				t0
			);
			await db
				.insertInto('users')
				.values({
					id: 'late',
					email: 'late@example.org',
					name: 'Late',
					created_at: t0.toISOString()
				})
				.execute();
			const late = userContext(
				{ id: 'late', email: 'late@example.org', name: 'Late', isAnonymous: false },
				null
			);
			const [accepted, revoked] = await Promise.all([
				invitations.accept(late, tokenIn(made.url), { userAgent: null }, t0),
				invitations.revoke(admin, 'events-oslo', made.id, t0)
			]);
			expect(accepted.ok).toBe(!revoked);
			expect(await teamOf('events-oslo')).toEqual(accepted.ok ? ['late'] : []);
		});
	});
});
