import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { RequestHandler } from './$types';

// An application's CV or attachment, for whoever may review the application (404 for everyone
// else, as for the record), as an attachment: never shown inline in the site's origin.
export const GET: RequestHandler = async (event) => {
	const served = await allowedOr404(
		services().applications.download(event.locals.caller, event.params.id, event.params.fileId)
	);
	if (!served) error(404, 'Not found');
	return new Response(new Uint8Array(served.body), { headers: served.headers });
};
