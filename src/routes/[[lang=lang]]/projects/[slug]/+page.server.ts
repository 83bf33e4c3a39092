import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params }) => {
	const project = await services().content.project(locals.locale, params.slug);
	if (!project) error(404, 'Not found');
	return { project };
};
