import type { Locale } from '$lib/paraglide/runtime';
import type { SessionUser } from '$lib/server/identity/types';

declare global {
	namespace App {
		interface Error {
			message: string;
			requestId?: string;
		}
		interface Locals {
			requestId: string;
			locale: Locale;
			user: SessionUser | null;
			sessionId: string | null;
		}
		interface PageData {
			locale: Locale;
			/** PUBLIC_ORIGIN, or the origin the request came in on: the base of absolute links. */
			origin: string;
		}
	}
}

export {};
