import { json } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { openApiDocument } from '$lib/server/web/openapi';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ url }) => {
	const { config } = services();
	const document = openApiDocument({
		origin: config.PUBLIC_ORIGIN ?? url.origin,
		provider: config.PAYMENT_PROVIDER
	});
	return json(document, { headers: { 'cache-control': 'public, max-age=300' } });
};
