// Request-level guards shared by the /api routes and form actions.
import type { RequestEvent } from '@sveltejs/kit';
import { services } from '../app';
import { errorResponse } from './errors';
import { clientAddress } from '../rate-limit';

export type RateBucket =
	| 'anonymous'
	| 'public'
	| 'auth'
	| 'contact'
	| 'assistant'
	| 'safety'
	| 'safety_follow_up'
	| 'registration';

/** The caller's address as the rate limits count it. */
export function clientOf(event: RequestEvent): string {
	return clientAddress(
		event.request.headers.get('x-forwarded-for'),
		event.getClientAddress(),
		services().config.TRUST_PROXY
	);
}

/**
 * A 429 response when the caller is over the bucket's limit, otherwise null. The caller is their
 * address unless `client` says otherwise (a signed-in member: memberKey).
 */
export async function overRateLimit(
	event: RequestEvent,
	bucket: RateBucket,
	client = clientOf(event)
): Promise<Response | null> {
	const decision = await services().rateLimit(bucket, client);
	if (decision.allowed) return null;
	return errorResponse(
		429,
		{ error: 'Too many requests' },
		{ 'retry-after': String(decision.retryAfterSeconds) }
	);
}
