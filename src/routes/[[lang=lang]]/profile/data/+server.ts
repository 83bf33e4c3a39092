import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { originOf } from '$lib/server/web/auth';
import { personalDataFile } from '$lib/server/web/personal-data';
import type { RequestHandler } from './$types';

// "Download my data": everything stored about the signed-in person as one JSON file. A POST (the
// profile's button): the export is audited, and no link or prefetch may make one.
export const POST: RequestHandler = async (event) => {
	const { locals } = event;
	const data = await services().privacy.exportOwn(
		locals.caller,
		(id) => `${originOf(event)}/api/files/${id}`
	);
	if (!data) error(404, 'Not found');
	return personalDataFile(data);
};
