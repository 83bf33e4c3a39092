import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { movedPermanently } from '$lib/server/web/moved';
import type { PageServerLoad } from './$types';

// /policies lists the policies; /policies/<slug> shows one from the `pages` table.
export const load: PageServerLoad = async ({ locals, params, setHeaders }) => {
	const content = services().content;
	if (params.slug === '') return { page: null, policies: await content.policies(locals.locale) };
	const page = await content.page(locals.locale, `policies/${params.slug}`);
	if (!page) {
		movedPermanently(await content.movedTo('policies', params.slug), locals.locale, setHeaders);
		error(404, 'Not found');
	}
	return { page, policies: [] };
};
