import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { originOf } from '$lib/server/web/auth';
import { personalDataFile } from '$lib/server/web/personal-data';
import { unlessDenied } from '$lib/server/identity/roles';
import type { RequestHandler } from './$types';

// An admin downloads someone's data on their request (a POST: it is audited, and no link may
// prefetch it). Everyone else: 404.
export const POST: RequestHandler = async (event) => {
	const { locals, params } = event;
	const data = await unlessDenied(
		services().privacy.exportFor(
			locals.caller,
			params.id,
			(id) => `${originOf(event)}/api/files/${id}`
		)
	);
	if (!data) error(404, 'Not found');
	return personalDataFile(data);
};
