// Every /api route and every form action, and the fast-check properties run against them. Shared
// by the quick integration run (a few hundred requests) and the long one in tests/resilience.
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { createSession } from './fixtures';
import {
	assertProperty,
	domainSnapshot,
	expectSafeAnswer,
	hostileBody,
	hostileHeaders,
	hostileQuery,
	hostileString,
	send,
	type Sessions
} from './fuzz';
import { openRegistration } from './registration';
import { NO_RATE_LIMITS, startServer, type TestServer } from './server';

export const CRON_SECRET = 'fuzz-cron-secret-0123456789';

/** The environment of a server under fuzzing: limits high enough that bodies reach the parsers. */
export const FUZZ_ENV = {
	CRON_SECRET,
	PAYMENT_SIMULATOR_ENABLED: 'true',
	...NO_RATE_LIMITS,
	RATE_LIMIT_CONTACT: '100000/60',
	RATE_LIMIT_SAFETY: '100000/60',
	RATE_LIMIT_APPLICATION: '100000/60',
	RATE_LIMIT_REGISTRATION: '100000/60'
};

/** Each route with the methods it answers (docs/api.md); other methods are tried too. */
export const API_ROUTES: { path: string; methods: string[] }[] = [
	{ path: '/api/health', methods: ['GET'] },
	{ path: '/api/openapi.json', methods: ['GET'] },
	{ path: '/api/auth/anonymous', methods: ['POST'] },
	{ path: '/api/auth/check', methods: ['GET'] },
	{ path: '/api/campus-leadership', methods: ['GET'] },
	{ path: '/api/checkout/return', methods: ['GET'] },
	{ path: '/api/checkout/webhook', methods: ['GET', 'POST', 'PUT', 'DELETE'] },
	{ path: '/api/cron/cleanup-reservations', methods: ['GET', 'POST'] },
	{ path: '/api/cron/notifications', methods: ['GET', 'POST'] },
	{ path: '/api/payment/psp/callback', methods: ['POST'] },
	{ path: '/api/payment/simulator/callback', methods: ['POST'] },
	{ path: '/api/payment/vipps/callback', methods: ['POST'] },
	{ path: '/api/events/evt-julebord/registration', methods: ['GET', 'POST', 'DELETE'] },
	{ path: '/api/events/evt-climbing/registration', methods: ['GET', 'POST', 'DELETE'] },
	{ path: '/api/events/evt-julebord/check-in', methods: ['POST'] },
	{ path: '/api/events/evt-julebord/check-in/sync', methods: ['POST'] },
	{ path: '/api/notifications/unsubscribe', methods: ['GET', 'POST'] },
	{ path: '/api/no-such-route', methods: ['GET', 'POST'] }
];

/** Every form action (grep `actions` in src/routes), with the session it needs to get past a redirect. */
export const FORM_ACTIONS: string[] = [
	'/en/auth/login',
	'/no/auth/login',
	'/en/auth/register',
	'/en/auth/forgot',
	'/en/auth/reset',
	'/en/auth/verify',
	'/en/auth/invite',
	'/en/auth/logout',
	'/en/contact',
	'/no/contact',
	'/en/theme',
	'/en/choose-campus',
	'/en/events/evt-climbing?/register',
	'/en/events/evt-climbing?/unregister',
	'/en/events/evt-climbing/feedback',
	'/en/profile?/save',
	'/en/profile?/revoke',
	'/en/profile?/everywhere',
	'/en/profile?/calendar',
	'/en/profile?/calendarOff',
	'/en/profile?/notifications',
	'/en/notifications/unsubscribe?/confirm',
	'/en/fs/new?/save',
	'/en/fs/new?/submit',
	'/en/fs/new?/addLine',
	'/en/fs/new?/removeLine',
	'/en/fs/new?/upload',
	'/en/fs/new?/autosave',
	'/en/fs/00000000-0000-4000-8000-000000000000/edit?/save',
	'/en/fs/00000000-0000-4000-8000-000000000000/edit?/autosave',
	'/en/membership?/buy',
	'/en/units/board-oslo/invitations?/invite',
	'/en/units/board-oslo?/follow',
	'/en/profile/delete',
	'/en/profile/data',
	'/en/admin/people/00000000-0000-4000-8000-000000000000?/team',
	'/en/admin/people/00000000-0000-4000-8000-000000000000?/grant',
	'/en/admin/people/00000000-0000-4000-8000-000000000000?/revokeSession',
	'/en/admin/people/00000000-0000-4000-8000-000000000000?/delete',
	'/en/admin/people/00000000-0000-4000-8000-000000000000/data',
	'/en/admin/units/board-oslo/team?/role',
	'/en/admin/units/board-oslo/team?/title',
	'/en/admin/units/board-oslo/team?/remove',
	'/en/admin/content/events/new?/save',
	'/en/admin/content/events/new?/preview',
	'/en/admin/content/events/evt-julebord?/save',
	'/en/admin/content/events/evt-julebord?/preview',
	'/en/admin/content/events/evt-julebord?/delete',
	'/en/admin/events/evt-julebord/registration',
	'/en/admin/events/evt-julebord/registration/attendees?/add',
	'/en/admin/events/evt-julebord/registration/attendees?/move',
	'/en/admin/events/evt-julebord/registration/attendees?/remove',
	'/en/admin/events/evt-julebord/registration/attendees?/capacity',
	'/en/admin/events/evt-julebord/registration/attendees?/message',
	'/en/admin/events/evt-julebord/feedback',
	'/en/admin/events/evt-julebord/attendance?/state',
	'/en/admin/events/evt-julebord/attendance?/removeMark',
	'/en/admin/marks',
	'/en/admin/events/evt-julebord/check-in',
	'/en/admin/content/pages/policies/expenses?/save',
	'/en/admin/assistant?/dismiss',
	'/en/admin/inbox/contact/00000000-0000-4000-8000-000000000000?/assign',
	'/en/admin/inbox/contact/00000000-0000-4000-8000-000000000000?/status',
	'/en/admin/inbox/contact/00000000-0000-4000-8000-000000000000?/reply',
	'/en/assistant?/ask',
	'/en/assistant?/rate',
	'/en/shop/mug',
	'/en/shop/checkout',
	'/en/shop/cart?/update',
	'/en/shop/cart?/remove',
	'/en/shop/order/00000000-0000-4000-8000-000000000000?/pay',
	'/en/fs/00000000-0000-4000-8000-000000000000?/submit',
	'/en/fs/00000000-0000-4000-8000-000000000000?/withdraw',
	'/en/fs/00000000-0000-4000-8000-000000000000?/approve',
	'/en/fs/00000000-0000-4000-8000-000000000000?/reject',
	'/en/fs/00000000-0000-4000-8000-000000000000?/pay',
	'/en/fs/00000000-0000-4000-8000-000000000000?/reveal',
	'/dev/pay/sim-session-unknown?/approve',
	'/dev/pay/sim-session-unknown?/cancel',
	'/en/contact?/no-such-action',
	'/en/jobs/treasurer-oslo',
	'/no/jobs/designer',
	'/en/applications/00000000-0000-4000-8000-000000000000/withdraw',
	'/en/admin/inbox/applications/00000000-0000-4000-8000-000000000000?/status',
	'/en/admin/inbox/applications/00000000-0000-4000-8000-000000000000?/note',
	'/en/events',
	'/en/admin/shop/products/new',
	'/en/admin/shop/products/prod-mug?/save',
	'/en/admin/shop/products/prod-mug?/deactivate',
	'/en/admin/shop/products/prod-mug?/delete',
	'/en/admin/shop/orders/00000000-0000-4000-8000-000000000000?/cancel',
	'/en/admin/shop/orders/00000000-0000-4000-8000-000000000000?/refund',
	'/en/admin/shop/memberships/plans/new',
	'/en/admin/shop/memberships/plans/membership-year-student?/save',
	'/en/safety/report',
	'/no/safety/report',
	'/en/safety/follow-up?/open',
	'/en/safety/follow-up?/reply',
	'/en/admin/inbox/safety/00000000-0000-4000-8000-000000000000?/status',
	'/en/admin/inbox/safety/00000000-0000-4000-8000-000000000000?/reply',
	'/en/admin/people/00000000-0000-4000-8000-000000000000?/grantSafety',
	'/en/admin/people/00000000-0000-4000-8000-000000000000?/revokeSafety',
	'/en/admin/people/00000000-0000-4000-8000-000000000000?/campus'
];

/** Pages whose load reads the query string, the cookies or a path parameter. */
export const PAGES: string[] = [
	'/',
	'/en',
	'/en/events',
	'/en/events/calendar.ics',
	'/en/shop',
	'/en/shop/cart',
	'/en/search',
	'/en/news',
	'/en/news/rss.xml',
	'/en/jobs',
	'/en/units',
	'/en/projects',
	'/en/campus',
	'/en/auth/login',
	'/en/auth/reset',
	'/en/auth/verify',
	'/en/auth/invite',
	'/en/auth/callback',
	'/en/membership',
	'/en/profile',
	'/en/notifications/unsubscribe',
	'/en/fs',
	'/en/fs/new',
	'/en/profile/delete',
	'/en/auth/deleted',
	'/en/admin/people',
	'/en/admin/inbox/safety',
	'/en/admin/units',
	'/en/admin',
	'/en/admin/content/events',
	'/en/admin/content/pages/about/history',
	'/en/admin/assistant',
	'/en/assistant',
	'/en/admin/shop/products',
	'/en/admin/shop/orders',
	'/en/admin/shop/orders.csv',
	'/en/admin/shop/memberships',
	'/en/admin/shop/memberships.csv',
	'/en/admin/inbox/applications',
	'/en/admin/inbox/applications.csv',
	'/en/admin/inbox/applications.zip',
	'/sitemap.xml',
	'/robots.txt'
];
const PAGE_PREFIXES = [
	'/en/events/',
	'/en/shop/',
	'/en/shop/order/',
	'/en/fs/',
	'/en/news/',
	'/en/jobs/',
	'/en/units/',
	'/en/projects/',
	'/en/policies/',
	'/en/admin/content/events/',
	'/en/admin/inbox/applications/',
	'/en/applications/',
	'/media/',
	'/en/auth/oauth/',
	'/en/',
	'/dev/pay/'
];

/** encodeURIComponent that survives lone surrogates (which it refuses). */
const segment = (s: string) => encodeURIComponent(s.toWellFormed());

/** One request; a refused connection (the server died) is reported with the server's last words. */
async function request(ctx: FuzzContext, url: string, init: Parameters<typeof send>[1]) {
	try {
		return await send(url, init);
	} catch (error) {
		const cause = (error as { cause?: unknown }).cause;
		throw new Error(
			`${String(error)} (${String(cause)}); server exit ${JSON.stringify(ctx.server.exit())}, output:\n${ctx.server.output().slice(-3000)}`,
			{ cause: error }
		);
	}
}

export interface FuzzContext {
	server: TestServer;
	sessions: Sessions;
	/** Asserts that no guarded row changed since the last accepted request, then moves on. */
	expectRowsUnchanged(label: string): void;
	/** A request that succeeded may write: its rows become the new baseline. */
	accept(): void;
}

export function fuzzContext(server: TestServer): FuzzContext {
	const sessions: Sessions = {
		member: createSession(server.dbFile, { email: 'fuzz-member@example.org' }).secret,
		anonymous: createSession(server.dbFile, { anonymous: true }).secret
	};
	// One event takes registrations, so that bodies reach the parser and the engine.
	openRegistration(server.dbFile, 'evt-climbing', { capacity: 2 });
	const snapshot = domainSnapshot(server.dbFile);
	let baseline = snapshot();
	return {
		server,
		sessions,
		expectRowsUnchanged(label) {
			const now = snapshot();
			const changed = Object.keys(now).filter((table) => now[table] !== baseline[table]);
			// The next run (fast-check shrinking) compares against what this one left.
			baseline = now;
			expect(changed, `${label} changed rows in`).toEqual([]);
		},
		accept() {
			baseline = snapshot();
		}
	};
}

/** Starts a server under fuzzing for the calling test file; the context is ready inside its tests. */
export function useFuzzServer(): () => FuzzContext {
	let server: TestServer | undefined;
	let ctx: FuzzContext | undefined;
	beforeAll(async () => {
		server = await startServer(FUZZ_ENV);
		ctx = fuzzContext(server);
	});
	afterAll(() => server?.stop());
	return () => ctx!;
}

const WRONG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Random and hostile requests to one /api route. */
export async function fuzzApiRoute(
	ctx: FuzzContext,
	route: { path: string; methods: string[] },
	numRuns: number,
	timeLimitMs?: number
): Promise<number> {
	return assertProperty(
		fc.asyncProperty(
			fc.oneof(
				{ weight: 3, arbitrary: fc.constantFrom(...route.methods) },
				{ weight: 1, arbitrary: fc.constantFrom(...WRONG_METHODS) }
			),
			hostileQuery,
			hostileHeaders(ctx.sessions),
			hostileBody,
			async (method, query, headers, body) => {
				const url = `${ctx.server.url}${route.path}${query ? '?' + query : ''}`;
				const res = await request(ctx, url, { method, headers, body });
				expectSafeAnswer(route.path, res);
				if (res.status >= 400 || method === 'GET') ctx.expectRowsUnchanged(`${method} ${url}`);
				else ctx.accept();
			}
		),
		numRuns,
		timeLimitMs
	);
}

/** Random and hostile form posts to one action, enhanced (JSON) or as a plain browser form. */
export async function fuzzFormAction(
	ctx: FuzzContext,
	action: string,
	numRuns: number,
	timeLimitMs?: number
): Promise<number> {
	const origin = fc.oneof(
		{ weight: 8, arbitrary: fc.constant(ctx.server.url) },
		{ weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', '') }
	);
	return assertProperty(
		fc.asyncProperty(
			fc.boolean(),
			origin,
			hostileHeaders(ctx.sessions),
			hostileBody,
			async (enhanced, from, headers, body) => {
				const url = ctx.server.url + action;
				const res = await request(ctx, url, {
					method: 'POST',
					headers: {
						...headers,
						origin: from,
						...(enhanced
							? { accept: 'application/json', 'x-sveltekit-action': 'true' }
							: { accept: 'text/html' })
					},
					body
				});
				expectSafeAnswer(action, res);
				if (refused(res)) ctx.expectRowsUnchanged(`POST ${action}`);
				else ctx.accept();
			}
		),
		numRuns,
		timeLimitMs
	);
}

/**
 * Whether the server refused the input. A 409 is not a refusal of the input but of the request's
 * timing (sold out, over the per-order limit): the visitor's anonymous cart session may already
 * exist by then, which is the site working as designed.
 */
function refused(res: { status: number; type: string; text: string }): boolean {
	let status = res.status;
	if (res.type.includes('application/json') && status < 400) {
		const result = JSON.parse(res.text) as { type?: string; status?: number };
		if (result.type !== 'failure' && result.type !== 'error') return false;
		status = result.status ?? 400;
	}
	return status >= 400 && status !== 409;
}

/** Page loads with hostile query strings, path segments and headers: nothing to write. */
export async function fuzzPages(
	ctx: FuzzContext,
	numRuns: number,
	timeLimitMs?: number
): Promise<number> {
	const path = fc.oneof(
		fc.constantFrom(...PAGES),
		fc
			.tuple(
				fc.constantFrom(...PAGE_PREFIXES),
				hostileString.filter((s) => s.length < 3000)
			)
			.map(([prefix, s]) => prefix + segment(s))
	);
	return assertProperty(
		fc.asyncProperty(
			path,
			hostileQuery,
			hostileHeaders(ctx.sessions),
			async (p, query, headers) => {
				const res = await request(ctx, `${ctx.server.url}${p}${query ? '?' + query : ''}`, {
					method: 'GET',
					headers
				});
				expectSafeAnswer(p, res);
				ctx.expectRowsUnchanged(`GET ${p}?${query}`);
			}
		),
		numRuns,
		timeLimitMs
	);
}
