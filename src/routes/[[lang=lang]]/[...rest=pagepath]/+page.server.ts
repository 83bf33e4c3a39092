import { error } from '@sveltejs/kit';
import type { PageServerLoad } from './$types';

// Any path no other route claims: a 404 inside the locale layout (header, menu, footer), so a
// mistyped address still leads somewhere. Every concrete route is more specific and wins.
export const load: PageServerLoad = () => error(404, 'Not found');
