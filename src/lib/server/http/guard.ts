// Request-level guards shared by the /api routes.
import type { RequestEvent } from '@sveltejs/kit';
import { services } from '../app';
import { errorResponse } from './errors';
import { clientAddress } from './rate-limit';

export type RateBucket = 'anonymous' | 'public';

/** A 429 response when the caller is over the bucket's limit, otherwise null. */
export async function overRateLimit(
	event: RequestEvent,
	bucket: RateBucket
): Promise<Response | null> {
	const { config, rateLimit } = services();
	const client = clientAddress(
		event.request.headers.get('x-forwarded-for'),
		event.getClientAddress(),
		config.TRUST_PROXY
	);
	const decision = await rateLimit(bucket, client);
	if (decision.allowed) return null;
	return errorResponse(
		429,
		{ error: 'Too many requests' },
		{ 'retry-after': String(decision.retryAfterSeconds) }
	);
}
