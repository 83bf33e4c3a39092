import { services } from '$lib/server/app';
import type { RequestHandler } from './$types';

// A route rather than a static file because the Sitemap line must be an absolute URL.
// Per-visitor pages are kept out of search results; the rest of the site is open.
const PRIVATE = ['/shop/cart', '/shop/checkout', '/shop/order/', '/profile', '/fs', '/auth/'];

export const GET: RequestHandler = ({ url }) => {
	const origin = services().config.PUBLIC_ORIGIN ?? url.origin;
	const lines = [
		'User-agent: *',
		'Allow: /',
		'Disallow: /api/',
		'Disallow: /dev/',
		...PRIVATE.map((path) => `Disallow: /*${path}`),
		'',
		`Sitemap: ${origin}/sitemap.xml`,
		''
	];
	return new Response(lines.join('\n'), {
		headers: {
			'content-type': 'text/plain; charset=utf-8',
			'cache-control': 'public, max-age=3600'
		}
	});
};
