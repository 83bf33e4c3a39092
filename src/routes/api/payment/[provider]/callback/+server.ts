import { json } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { adminContext } from '$lib/server/context';
import { storageUnavailable } from '$lib/server/db/errors';
import { errorResponse } from '$lib/server/web/errors';
import { errorFields, log } from '$lib/server/log';
import { readCallbackSessionId } from '$lib/server/payments/callback';
import type { RequestHandler } from './$types';

const reply = (status: number, body: { success: boolean; message: string }) =>
	json(body, { status, headers: { 'cache-control': 'no-store' } });

export const POST: RequestHandler = async ({ params, request, locals }) => {
	const { payments } = services();
	if (!payments.handlesProvider(params.provider)) return errorResponse(404, { error: 'Not found' });
	try {
		const sessionId = readCallbackSessionId(await request.text());
		if (sessionId === null) return reply(400, { success: false, message: 'Invalid JSON body' });
		if (!sessionId) return reply(400, { success: false, message: 'Missing session ID' });
		const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
		const ctx = adminContext(`callback:${payments.provider.name}`);
		const result = await payments.handleCallback(ctx, { token, sessionId });
		if (result.success) return reply(200, result);
		return reply(result.message === 'Unauthorized' ? 401 : 400, result);
	} catch (error) {
		// The provider retries a callback that was not answered 2xx; Retry-After says when.
		const unavailable = storageUnavailable(error);
		if (unavailable) {
			log.warn('payment callback: store unavailable', { id: locals.requestId, ...unavailable });
			return json(
				{ success: false, message: 'Service unavailable' },
				{
					status: 503,
					headers: {
						'cache-control': 'no-store',
						'retry-after': String(unavailable.retryAfterSeconds)
					}
				}
			);
		}
		log.error('payment callback failed', { id: locals.requestId, ...errorFields(error) });
		return reply(500, { success: false, message: 'Internal server error' });
	}
};
