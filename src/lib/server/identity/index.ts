// Users and sessions: random 256-bit session secrets handed to the browser and stored only as a
// SHA-256 hash, password sign-in with a growing delay after failures, registration with an
// e-mail link, password reset. OpenID Connect, invitations and roles live beside this file.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { AdminContext, UserContext } from '../context';
import type { Mailer } from '../mail';
import { hashPassword, verifyPassword } from './passwords';
import { signedIn } from './roles';
import { accountKey, addressKey, FORGET_AFTER_MS, waitMs } from './throttle';

const ATTEMPT_ROUNDS = 20;
import type { IdentityStore, SessionUser } from './types';

export type { IdentityStore, SessionUser } from './types';

export const SESSION_COOKIE = 'session';

// base64url of 32 bytes is 43 characters; anything else cannot be one of our secrets.
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashSecret(secret: string): string {
	return createHash('sha256').update(secret).digest('hex');
}

/** A random 256-bit secret for a cookie or a link; only its hash is stored. */
export function newSecret(): string {
	return randomBytes(32).toString('base64url');
}

export const isSecretShaped = (value: string | null | undefined): value is string =>
	!!value && SECRET_SHAPE.test(value);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * What the browser that asked for a verification link keeps (a cookie), so that confirming the
 * address there signs in, while confirming it anywhere else only confirms it. Made from the
 * link's secret, so nothing more is stored; a browser that asked for no link gets a random one
 * of the same shape (registering a taken address must look like registering a new one).
 */
const signupProofOf = (token: string) => hashSecret(`signup-browser:${token}`);

function sameProof(given: string | undefined, expected: string): boolean {
	if (!given || given.length !== expected.length) return false;
	return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const RENEW_AFTER_MS = 86_400_000;
const VERIFY_TTL_MS = 24 * 3_600_000;
const RESET_TTL_MS = 3_600_000;
/** Expired and revoked sessions stay this long before housekeeping deletes them. */
export const SESSION_GRACE_MS = 86_400_000;

export interface IssuedSession {
	secret: string;
	expiresAt: Date;
	sessionId: string;
	user: SessionUser;
}

export type SignInResult =
	| { ok: true; session: IssuedSession }
	| { ok: false; reason: 'invalid' }
	| { ok: false; reason: 'unverified'; signupProof: string }
	| { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export interface IdentityOptions {
	ttlDays: number;
	mail: Pick<Mailer, 'send'>;
	/** Lower-case e-mail domains that may register; null: anyone may. */
	signupDomains: string[] | null;
}

const asLocale = (value: string | null): Locale | null =>
	value === 'no' || value === 'en' ? value : null;

export function identityService(store: IdentityStore, options: IdentityOptions) {
	const ttlMs = options.ttlDays * 86_400_000;

	/**
	 * Counts a sign-in attempt against each key before its password is checked and returns 0, or
	 * the milliseconds still to wait. Counting first is what holds the limit under a burst: of
	 * simultaneous attempts each must move the count from what it read, so they are counted one
	 * after the other and the sixth already finds five; one that lost the race reads again.
	 */
	async function countAttempt(keys: string[], now: Date): Promise<number> {
		const at = now.toISOString();
		const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
		for (let round = 0; round < ATTEMPT_ROUNDS; round++) {
			const rows = await store.loginFailures(keys);
			const wait = waitMs(rows, now.getTime());
			if (wait > 0) return wait;
			const taken: string[] = [];
			for (const key of keys) {
				const seen = rows.find((r) => r.key === key) ?? null;
				if (!(await store.takeLoginAttempt(key, seen, at, forgetBefore))) break;
				taken.push(key);
			}
			if (taken.length === keys.length) return 0;
			for (const key of taken) await store.returnLoginAttempt(key);
			await new Promise((r) => setTimeout(r, 2 + Math.random() * 8));
		}
		// Still contended after every round: as good as a burst.
		return 1000;
	}

	async function issueSession(
		ctx: UserContext,
		user: SessionUser,
		userAgent: string | null,
		now: Date
	): Promise<IssuedSession> {
		const secret = newSecret();
		const expiresAt = new Date(now.getTime() + ttlMs);
		const sessionId = randomUUID();
		const current = ctx.user;
		await store.signIn({
			session: {
				id: sessionId,
				userId: user.id,
				secretHash: hashSecret(secret),
				createdAt: now.toISOString(),
				expiresAt: expiresAt.toISOString(),
				userAgent: userAgent?.slice(0, 200) ?? null
			},
			anonymous:
				current?.isAnonymous && ctx.sessionId
					? { userId: current.id, sessionId: ctx.sessionId }
					: null,
			now: now.toISOString()
		});
		return { secret, expiresAt, sessionId, user };
	}

	async function sendLink(
		userId: string,
		to: string,
		purpose: 'verify' | 'reset',
		link: (token: string) => string,
		locale: Locale,
		now: Date
	) {
		const token = newSecret();
		await store.createToken({
			id: randomUUID(),
			userId,
			purpose,
			tokenHash: hashSecret(token),
			createdAt: now.toISOString(),
			expiresAt: new Date(
				now.getTime() + (purpose === 'verify' ? VERIFY_TTL_MS : RESET_TTL_MS)
			).toISOString()
		});
		const url = link(token);
		const opts = { locale };
		await options.mail.send(
			purpose === 'verify'
				? {
						kind: 'email-verification',
						to,
						subject: m.auth_mail_verify_subject({}, opts),
						text: m.auth_mail_verify_text({ url }, opts)
					}
				: {
						kind: 'password-reset',
						to,
						subject: m.auth_mail_reset_subject({}, opts),
						text: m.auth_mail_reset_text({ url }, opts)
					},
			now
		);
		return token;
	}

	return {
		issueSession,

		/** Creates an anonymous user and a session for it. Acts as the system. */
		async createAnonymousSession(_ctx: AdminContext, now = new Date()): Promise<IssuedSession> {
			const userId = randomUUID();
			const secret = newSecret();
			const expiresAt = new Date(now.getTime() + ttlMs);
			const sessionId = randomUUID();
			await store.createAnonymousUserWithSession({
				id: sessionId,
				userId,
				secretHash: hashSecret(secret),
				createdAt: now.toISOString(),
				expiresAt: expiresAt.toISOString()
			});
			return {
				secret,
				expiresAt,
				sessionId,
				user: { id: userId, email: null, name: '', isAnonymous: true }
			};
		},

		/**
		 * The user behind a session cookie, or null for a missing, malformed, expired or revoked one.
		 * A session in use slides: at most once a day its expiry moves to a full lifetime from now,
		 * and `renewedUntil` tells the caller to send the cookie again with the new expiry.
		 */
		async resolveSession(
			secret: string | undefined,
			now = new Date()
		): Promise<{ sessionId: string; user: SessionUser; renewedUntil: Date | null } | null> {
			if (!isSecretShaped(secret)) return null;
			const found = await store.findSessionUser(hashSecret(secret), now.toISOString());
			if (!found) return null;
			let renewedUntil: Date | null = null;
			if (Date.parse(found.expiresAt) - now.getTime() < ttlMs - RENEW_AFTER_MS) {
				renewedUntil = new Date(now.getTime() + ttlMs);
				await store.renewSession(found.sessionId, renewedUntil.toISOString(), now.toISOString());
			}
			return { sessionId: found.sessionId, user: found.user, renewedUntil };
		},

		/**
		 * Password sign-in. Unknown e-mail, wrong password and an account without a password give the
		 * same answer after the same work. Failures count per account and per client address.
		 */
		async signInWithPassword(
			ctx: UserContext,
			input: {
				email: string;
				password: string;
				client: string;
				userAgent: string | null;
				/** Builds the link of a fresh verification mail for an account not yet confirmed. */
				verifyLink: (token: string) => string;
			},
			now = new Date()
		): Promise<SignInResult> {
			const email = normalizeEmail(input.email);
			const keys = [accountKey(email), addressKey(input.client)];
			const wait = await countAttempt(keys, now);
			if (wait > 0) {
				return { ok: false, reason: 'throttled', retryAfterSeconds: Math.ceil(wait / 1000) };
			}
			const account = await store.accountByEmail(email);
			const valid = await verifyPassword(account?.passwordHash ?? null, input.password);
			// A wrong password stays counted; a right one clears the account and gives the address
			// its attempt back (people behind one campus address sign in all day).
			if (!account || !valid) return { ok: false, reason: 'invalid' };
			await store.clearLoginFailures(accountKey(email));
			await store.returnLoginAttempt(addressKey(input.client));
			if (!account.emailVerifiedAt) {
				// The first link may have expired: the right password earns a fresh one.
				const locale = asLocale(account.locale) ?? 'no';
				const token = await sendLink(
					account.id,
					account.email,
					'verify',
					input.verifyLink,
					locale,
					now
				);
				return { ok: false, reason: 'unverified', signupProof: signupProofOf(token) };
			}
			const session = await issueSession(
				ctx,
				{ id: account.id, email: account.email, name: account.name, isAnonymous: false },
				input.userAgent,
				now
			);
			return { ok: true, session };
		},

		async signOut(ctx: UserContext, now = new Date()): Promise<void> {
			if (ctx.sessionId) await store.revokeSession(ctx.sessionId, now.toISOString());
		},

		async signOutEverywhere(ctx: UserContext, now = new Date()): Promise<number> {
			const user = signedIn(ctx);
			return store.revokeAllSessions(user.id, now.toISOString());
		},

		async sessions(ctx: UserContext, now = new Date()) {
			const user = signedIn(ctx);
			const rows = await store.activeSessions(user.id, now.toISOString());
			return rows.map((s) => ({ ...s, isCurrent: s.id === ctx.sessionId }));
		},

		/** Revokes one of the caller's own sessions; another user's id changes nothing. */
		async revokeSession(ctx: UserContext, sessionId: string, now = new Date()): Promise<boolean> {
			const user = signedIn(ctx);
			return store.revokeSessionOf(user.id, sessionId, now.toISOString());
		},

		/**
		 * Registration. The answer is the same whether or not the e-mail is taken: a new address gets
		 * a verification link, a taken one a note to its owner. Only a refused domain is told.
		 * `signupProof` is for the registering browser to keep (see signupProofOf).
		 */
		async register(
			input: { name: string; email: string; password: string; locale: Locale },
			links: { verify: (token: string) => string; reset: (token: string) => string },
			now = new Date()
		): Promise<{ ok: true; signupProof: string } | { ok: false; reason: 'domain_not_allowed' }> {
			const email = normalizeEmail(input.email);
			if (!signupAllowed(email, options.signupDomains)) {
				return { ok: false, reason: 'domain_not_allowed' };
			}
			const id = randomUUID();
			const created = await store.createAccount({
				id,
				email,
				name: input.name.trim(),
				passwordHash: await hashPassword(input.password),
				locale: input.locale,
				emailVerifiedAt: null,
				createdAt: now.toISOString()
			});
			if (created) {
				const token = await sendLink(id, email, 'verify', links.verify, input.locale, now);
				return { ok: true, signupProof: signupProofOf(token) };
			}
			const existing = await store.accountByEmail(email);
			if (existing) {
				const opts = { locale: asLocale(existing.locale) ?? input.locale };
				await options.mail.send(
					{
						kind: 'registration-existing',
						to: email,
						subject: m.auth_mail_exists_subject({}, opts),
						text: m.auth_mail_exists_text({}, opts)
					},
					now
				);
			}
			return { ok: true, signupProof: signupProofOf(newSecret()) };
		},

		/**
		 * Uses a verification link once; null for an unknown, used or expired one. In the browser
		 * that registered (it shows the proof it was given) the person is signed in as well: they
		 * typed the password there a moment ago. Anywhere else the link only confirms the address,
		 * and the answer names it so that the sign-in form can be filled in: someone who confirms an
		 * address a stranger registered must not be signed in to an account whose password the
		 * stranger chose and still knows (they choose their own first, through a reset).
		 */
		async confirmEmail(
			ctx: UserContext,
			token: string,
			browser: { signupProof: string | undefined; userAgent: string | null },
			now = new Date()
		): Promise<{ email: string; session: IssuedSession | null } | null> {
			if (!isSecretShaped(token)) return null;
			const userId = await store.consumeToken(hashSecret(token), 'verify', now.toISOString());
			if (!userId) return null;
			await store.markEmailVerified(userId, now.toISOString());
			const account = await store.accountById(userId);
			if (!account) return null;
			if (!sameProof(browser.signupProof, signupProofOf(token))) {
				return { email: account.email, session: null };
			}
			const user = { id: account.id, email: account.email, name: account.name, isAnonymous: false };
			return {
				email: account.email,
				session: await issueSession(ctx, user, browser.userAgent, now)
			};
		},

		/** Sends a reset link when the account exists; the caller's answer is the same either way. */
		async requestPasswordReset(
			email: string,
			locale: Locale,
			link: (token: string) => string,
			now = new Date()
		): Promise<void> {
			const account = await store.accountByEmail(normalizeEmail(email));
			if (!account) return;
			await sendLink(account.id, account.email, 'reset', link, locale, now);
		},

		/** Uses a reset link once: new password, e-mail verified, every session signed out. */
		async resetPassword(token: string, password: string, now = new Date()): Promise<boolean> {
			if (!isSecretShaped(token)) return false;
			// Hashing is the slow part: only for a link that works, and before the token is used, so
			// that a failure leaves the link usable rather than spent with the old password in place.
			const tokenHash = hashSecret(token);
			if (!(await store.tokenIsLive(tokenHash, 'reset', now.toISOString()))) return false;
			const passwordHash = await hashPassword(password);
			return store.resetPassword(tokenHash, passwordHash, now.toISOString());
		},

		/** The caller's own account, teams and orders: there is no way to ask for someone else's. */
		async profile(ctx: UserContext) {
			const user = signedIn(ctx);
			const [account, teams, orders] = await Promise.all([
				store.accountById(user.id),
				store.teamsOf(user.id),
				store.ordersOf(user.id)
			]);
			if (!account) throw new Error('signed-in user has no account row');
			return {
				name: account.name,
				email: account.email,
				locale: asLocale(account.locale),
				teams,
				orders
			};
		},

		async updateProfile(ctx: UserContext, fields: { name: string; locale: Locale }) {
			const user = signedIn(ctx);
			await store.updateProfile(user.id, { name: fields.name.trim(), locale: fields.locale });
		},

		/**
		 * Housekeeping: deletes sessions, sign-in tokens and unanswered invitations that can no longer
		 * be used. Accepted and revoked invitations stay as the record of who invited whom.
		 */
		async deleteStaleRecords(_ctx: AdminContext, now = new Date()) {
			return store.deleteStaleRecords({
				now: now.toISOString(),
				sessionsBefore: new Date(now.getTime() - SESSION_GRACE_MS).toISOString()
			});
		}
	};
}

export type IdentityService = ReturnType<typeof identityService>;

export function signupAllowed(email: string, domains: string[] | null): boolean {
	if (!domains) return true;
	const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
	return domains.includes(domain);
}
