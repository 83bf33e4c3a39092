import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { RequestHandler } from './$types';

// One job's applications' files (`?job=<id>`) as a ZIP archive, a folder per applicant, streamed.
export const GET: RequestHandler = async (event) => {
	const job = event.url.searchParams.get('job') ?? '';
	const { stream, slug } = await allowedOr404(
		services().applications.zip(event.locals.caller, job)
	);
	return new Response(stream, {
		headers: {
			'content-type': 'application/zip',
			'content-disposition': `attachment; filename="applications-${slug}.zip"`,
			'cache-control': 'no-store',
			'x-content-type-options': 'nosniff'
		}
	});
};
