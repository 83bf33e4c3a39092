import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = ({ locals }) => services().content.home(locals.locale);
