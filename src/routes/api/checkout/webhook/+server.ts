import { json } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import type { RequestHandler } from './$types';

// Deprecated: every method answers 410 and names the route that replaced it.
export const fallback: RequestHandler = () =>
	json(
		{
			error: 'Gone',
			code: 'deprecated',
			details: { replacement: `/api/payment/${services().config.PAYMENT_PROVIDER}/callback` }
		},
		{ status: 410 }
	);
