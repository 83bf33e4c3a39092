import { json } from '@sveltejs/kit';
import { leadershipQuery } from '$lib/schemas/api';
import { services } from '$lib/server/app';
import { etagMatches, toErrorResponse, validationFailed } from '$lib/server/web/errors';
import { overRateLimit } from '$lib/server/web/guard';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async (event) => {
	const limited = await overRateLimit(event, 'public');
	if (limited) return limited;
	const { config, leadership } = services();
	try {
		const query = leadershipQuery(await leadership.campusIds()).safeParse(
			Object.fromEntries(event.url.searchParams)
		);
		if (!query.success) return validationFailed(query.error);
		const locale = query.data.lang ?? event.locals.locale;
		const { body, etag } = await leadership.leadership(locale, query.data.campus);
		const headers = {
			etag,
			'cache-control': `public, max-age=${config.LEADERSHIP_CACHE_SECONDS}`,
			vary: 'Accept-Language, Cookie'
		};
		if (etagMatches(event.request.headers.get('if-none-match'), etag)) {
			return new Response(null, { status: 304, headers });
		}
		return json(body, { headers });
	} catch (error) {
		return toErrorResponse(error, event.locals.requestId);
	}
};
