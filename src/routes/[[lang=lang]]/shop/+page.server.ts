import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = ({ locals, url }) =>
	services().content.shop(locals.locale, url.searchParams.get('category')?.trim() || undefined);
