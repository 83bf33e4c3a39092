import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params }) => {
	const product = await services().content.shopProduct(locals.locale, params.slug);
	if (!product) error(404, 'Not found');
	return { product };
};
