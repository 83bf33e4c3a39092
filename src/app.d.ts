import type { Locale } from '$lib/paraglide/runtime';
import type { StorageUnavailable } from '$lib/server/db/errors';
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
			/** Set by handleError when the request failed on a locked or full store. */
			storageUnavailable?: StorageUnavailable;
		}
		interface PageData {
			locale: Locale;
			/** PUBLIC_ORIGIN, or the origin the request came in on: the base of absolute links. */
			origin: string;
		}
	}
}

export {};
