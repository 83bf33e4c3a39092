import { json } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { openApiDocument } from '$lib/server/http/openapi';
import type { RequestHandler } from './$types';

let document: ReturnType<typeof openApiDocument> | undefined;

export const GET: RequestHandler = () => {
	const { config } = services();
	document ??= openApiDocument({ origin: config.PUBLIC_ORIGIN, provider: config.PAYMENT_PROVIDER });
	return json(document, { headers: { 'cache-control': 'public, max-age=300' } });
};
