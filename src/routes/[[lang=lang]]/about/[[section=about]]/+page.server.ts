import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params }) => {
	const slug = params.section ? `about/${params.section}` : 'about';
	const page = await services().content.page(locals.locale, slug);
	if (!page) error(404, 'Not found');
	return { page };
};
