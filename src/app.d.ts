import type { Locale } from '$lib/paraglide/runtime';
import type { StorageUnavailable } from '$lib/server/db/errors';
import type { UserContext } from '$lib/server/context';
import type { SessionUser } from '$lib/server/identity/types';

declare global {
	namespace App {
		interface Error {
			message: string;
			requestId?: string;
			/** Set when the store was locked or full: the page says nothing was saved. */
			unavailable?: boolean;
		}
		interface Locals {
			requestId: string;
			locale: Locale;
			user: SessionUser | null;
			sessionId: string | null;
			/** The caller's context for every domain call (server/web/caller.ts keeps it current). */
			caller: UserContext;
			/** Set by handleError when the request failed on a locked or full store. */
			storageUnavailable?: StorageUnavailable;
		}
		interface PageData {
			locale: Locale;
			/** PUBLIC_ORIGIN, or the origin the request came in on: the base of absolute links. */
			origin: string;
			/**
			 * A page's own address in each language, when it is not the same path under the other
			 * prefix (a news item's or event's English address): the head's hreflang links and the
			 * language switcher use it.
			 */
			alternates?: Record<Locale, string>;
		}
	}
}

export {};
