import { dev } from '$app/environment';
import { error, type Handle, type HandleServerError, type ServerInit } from '@sveltejs/kit';
import { getRequestEvent } from '$app/server';
import { LOCALE_COOKIE, baseLocale, localeOfPath, negotiateLocale } from '$lib/i18n';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { services, startApp } from '$lib/server/app';
import { ConfigError } from '$lib/server/config';
import { errorFields, log } from '$lib/server/log';
import { SESSION_COOKIE } from '$lib/server/identity';
import {
	isAdminPath,
	isApiPath,
	isPagePath,
	isProtectedPath,
	isSessionlessPath,
	loginRedirect,
	localeRedirect
} from '$lib/server/web/paths';
import { localeCookieHeader, rememberLocale } from '$lib/server/web/auth';
import {
	bodyLimitOf,
	bodyRefused,
	checkBody,
	formPostRefused,
	isUploadPath,
	namesReservedAction
} from '$lib/server/web/body';
import { adminScope } from '$lib/server/admin/scope';
import { setCaller } from '$lib/server/web/caller';
import { setSessionCookie } from '$lib/server/web/cookies';
import { storageUnavailable } from '$lib/server/db/errors';
import { asApiError, errorResponse, unavailableResponse } from '$lib/server/web/errors';
import { withResponseHeaders } from '$lib/server/web/headers';
import { requestIdOf } from '../scripts/response-headers.js';
import { pageCacheKey, setPageCaching } from '$lib/server/web/page-cache';
import {
	crossSiteFormRefused,
	isCrossSiteApiWrite,
	isCrossSiteFormPost
} from '$lib/server/web/origin';
import { THEME_COOKIE, themeOf } from '$lib/theme';

// Messages rendered on the server read the locale of the request they belong to, through
// SvelteKit's own request context (one AsyncLocalStorage for the process, not a second of ours).
// Outside a request (the scheduled jobs) there is no event, and the base locale applies.
overwriteGetLocale(() => {
	try {
		return getRequestEvent().locals.locale ?? baseLocale;
	} catch {
		return baseLocale;
	}
});

export const init: ServerInit = async () => {
	try {
		await startApp();
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message);
			process.exit(1);
		}
		throw error;
	}
};

// Far longer than any link to a page of ours (searches stop at 200 characters). A longer path and
// query would be echoed back in a redirect's Location (the locale prefix, the sign-in page's
// redirectTo, up to three times longer once encoded) past the 16 kB of headers a client reads.
// API routes redirect nowhere with what they are sent, and answer their own 400s.
const MAX_URL_LENGTH = 4096;

// A session lookup that failed for a reason storageUnavailable does not know: retry soon.
const LOOKUP_FAILED = { reason: 'busy', retryAfterSeconds: 2 } as const;

export const handle: Handle = async ({ event, resolve }) => {
	const started = performance.now();
	// serve.js gave the request its id and the response its headers (scripts/response-headers.js);
	// the dev server has no serve.js.
	const requestId = dev
		? requestIdOf(event.request.headers.get('x-request-id'))
		: (event.request.headers.get('x-request-id') ?? requestIdOf(null));
	event.locals.requestId = requestId;

	const { pathname, search } = event.url;
	const cookieLocale = event.cookies.get(LOCALE_COOKIE);
	const locale = negotiateLocale({
		pathname,
		cookie: cookieLocale,
		acceptLanguage: event.request.headers.get('accept-language')
	});
	event.locals.locale = locale;

	const response = asUnavailable(await respond());
	const withHeaders = dev ? withResponseHeaders(response, requestId) : response;
	log.request({
		id: requestId,
		method: event.request.method,
		path: pathname,
		status: withHeaders.status,
		ms: Math.round((performance.now() - started) * 10) / 10
	});
	return withHeaders;

	// A locked or full store is not a bug: 503 with Retry-After. An API caller gets the error
	// envelope; a page keeps its rendered error page, which says nothing was saved.
	function asUnavailable(response: Response): Response {
		const unavailable = event.locals.storageUnavailable;
		if (!unavailable || response.status < 500) return response;
		if (isApiPath(pathname)) return unavailableResponse(unavailable);
		const headers = new Headers(response.headers);
		headers.set('retry-after', String(unavailable.retryAfterSeconds));
		headers.set('cache-control', 'no-store');
		return new Response(response.body, { status: 503, headers });
	}

	async function findSession(secret: string) {
		try {
			const found = await services().identity.resolveSession(secret);
			// Sliding renewal: the browser's cookie follows the session's new expiry.
			if (found?.renewedUntil) setSessionCookie(event.cookies, secret, found.renewedUntil);
			return found;
		} catch (error) {
			log.warn('session lookup failed', { id: requestId, ...errorFields(error) });
			return { unavailable: storageUnavailable(error) ?? LOOKUP_FAILED };
		}
	}

	/**
	 * The answer to a request its caller may not make, decided from the session alone: a visitor
	 * on a protected page is sent to sign in; a visitor's upload to the API and a post to the admin
	 * area's upload forms by someone with no place there are refused (401, 404). Null: go on.
	 */
	async function refusedBeforeBody(api: boolean, reads: boolean): Promise<Response | null> {
		const user = event.locals.user;
		const visitor = !user || user.isAnonymous;
		if (api) {
			const upload = !reads && isUploadPath(pathname, event.request.headers.get('content-type'));
			return upload && visitor ? errorResponse(401, { error: 'Unauthorized' }) : null;
		}
		// Not only page paths: `/en/fs/a.b` looks like a file to isPagePath, yet /fs/[id] answers it.
		if (visitor && isProtectedPath(pathname)) return loginRedirect(pathname, search, locale);
		if (reads || visitor || !isAdminPath(pathname) || !isUploadPath(pathname)) return null;
		const scope = await adminScope(services().roles, event.locals.caller);
		return scope ? null : formPostRefused(404, 'Not found', event.request);
	}

	async function respond(): Promise<Response> {
		const api = isApiPath(pathname);
		if (isCrossSiteFormPost(event.request, event.url)) {
			if (!api) return crossSiteFormRefused(event.request);
			return errorResponse(403, { error: 'Forbidden', code: 'cross_origin' });
		}
		const page = isPagePath(pathname);
		if (page && pathname.length + search.length > MAX_URL_LENGTH) {
			log.warn('request refused', { id: requestId, status: 414, reason: 'URI too long' });
			error(414, 'URI too long');
		}
		if (page && !localeOfPath(pathname)) return localeRedirect(pathname, search, locale);

		const secret = event.cookies.get(SESSION_COOKIE);
		if (isCrossSiteApiWrite(event.request, event.url, !!secret)) {
			return errorResponse(403, { error: 'Forbidden', code: 'cross_origin' });
		}
		// SvelteKit reserves the action name `default` and fails on it with an unhandled error.
		if (!api && event.request.method === 'POST' && namesReservedAction(event.url)) {
			return formPostRefused(404, 'Not found', event.request);
		}

		// Without a session cookie there is no one to look up (and no promise to wait for). The
		// reporter's safety pages never look: nothing there may know, renew or touch a session.
		const looked = secret && !isSessionlessPath(pathname) ? await findSession(secret) : null;
		const reads = event.request.method === 'GET' || event.request.method === 'HEAD';
		// A failing session store must not take the public site down: a read of a public page or
		// of the API is answered as signed out (GET /api/auth/check: `authenticated: false` on any
		// failure). A write, or a protected page, would be answered as a visitor's (a 401, the
		// sign-in page, a form post of nobody's) and tell a member who has a session that they
		// have none: 503 instead.
		if (looked && 'unavailable' in looked) {
			if (!reads || isProtectedPath(pathname)) {
				event.locals.storageUnavailable = looked.unavailable;
				if (api) return unavailableResponse(looked.unavailable);
				error(503, 'Service unavailable');
			}
		}
		const found = looked && 'user' in looked ? looked : null;
		setCaller(event.locals, found?.user ?? null, found?.sessionId ?? null, reads);

		// Who may not post here is refused before the body is read: a visitor's 50 MB upload to a
		// protected page is not worth the seconds it takes to parse.
		const refused = await refusedBeforeBody(api, reads);
		if (refused) return refused;

		// Reads (most requests) have no body to check, and skip the check's promise.
		const body = reads
			? 'fits'
			: await checkBody(event.request, {
					forms: !api,
					limit: bodyLimitOf(pathname, services().config, event.request.headers.get('content-type'))
				});
		if (body !== 'fits') {
			// The client's mistake (or abuse), not ours: a warning without a stack.
			log.warn('request body refused', { id: requestId, path: pathname, reason: body });
			return bodyRefused(body, event.request, !api);
		}
		if (api) return asApiError(await resolve(event));

		// Visiting a prefixed page is the preference an unprefixed link follows next time.
		const remember = page && cookieLocale !== locale;
		if (remember) rememberLocale(event, locale);

		// A page with no per-visitor part is rendered once for everyone who asks within a few seconds.
		const { pageCache } = services();
		const key = page ? pageCacheKey(event.url, event.request.headers.get('cookie')) : null;
		// A page's data request (client-side navigation) has the page's own URL here: it is not the
		// page, and is neither answered from nor kept in the cache.
		const keeps =
			key !== null && event.request.method === 'GET' && !event.isDataRequest && pageCache.enabled;
		const accepts = event.request.headers.get('accept-encoding');
		const kept = keeps ? pageCache.get(key, accepts) : undefined;
		if (kept) {
			if (remember) kept.headers.append('set-cookie', localeCookieHeader(event, locale));
			return kept;
		}

		const since = pageCache.generation();
		const theme = themeOf(event.cookies.get(THEME_COOKIE));
		const resolved = await resolve(event, {
			transformPageChunk: ({ html }) => html.replace('%lang%', locale).replace('%theme%', theme)
		});
		if (page) setPageCaching(resolved, key !== null);
		return keeps ? pageCache.keep(key, resolved, since, accepts) : resolved;
	}
};

export const handleError: HandleServerError = ({ error, event, status, message }) => {
	const id = event.locals.requestId;
	const unavailable = storageUnavailable(error);
	if (unavailable) {
		event.locals.storageUnavailable = unavailable;
		log.warn('store unavailable', { id, ...unavailable, ...errorFields(error) });
		return { message: 'Service unavailable', requestId: id, unavailable: true };
	}
	if (status >= 500) {
		log.error('unhandled error', { id, status, ...errorFields(error) });
		return { message: 'Internal server error', requestId: id };
	}
	// A request SvelteKit refused (wrong method, not a form, unknown action): the client's
	// mistake, logged without a stack; SvelteKit's own status text is safe to show.
	if (status !== 404) log.warn('request refused', { id, status, reason: message });
	return { message: status === 404 ? 'Not found' : message, requestId: id };
};
