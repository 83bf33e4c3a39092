import { services } from '$lib/server/app';
import { servedMedia } from '$lib/server/web/media';
import { errorResponse } from '$lib/server/web/errors';
import type { RequestHandler } from './$types';

// An uploaded content image, as uploaded (`full.<ext>`) or in one of its sizes (`<width>.avif`,
// `<width>.webp`): anyone's once the content it belongs to is public, and then cached for good
// (a file id's bytes never change); staff see it before, uncached.
export const GET: RequestHandler = async ({ params, locals, request }) => {
	const served = await servedMedia(
		services(),
		locals.caller,
		params.id,
		params.name,
		request.headers.get('if-none-match')
	);
	return served ?? errorResponse(404, { error: 'Not found' });
};
