import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { ownAddresses } from '$lib/server/web/moved';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params, setHeaders }) => {
	const found = await services().content.event(locals.locale, params.id);
	if (!found) error(404, 'Not found');
	const asked = { id: params.id, locale: locals.locale };
	return { ...found, alternates: ownAddresses('/events', found.event.slugs, asked, setHeaders) };
};
