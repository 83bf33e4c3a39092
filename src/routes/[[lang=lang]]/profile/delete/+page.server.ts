import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { deleteAccountAction } from '$lib/server/web/profile';
import type { Actions, PageServerLoad } from './$types';

// "Delete my account": what goes and what bookkeeping keeps, then a confirmation that works
// without JavaScript (web/profile.ts, deleteAccountAction).

export const load: PageServerLoad = async (event) => {
	const preview = await services().privacy.deletionPreview(event.locals.caller);
	if (!preview) error(404, 'Not found');
	return { preview };
};

export const actions: Actions = { default: (event) => deleteAccountAction(event) };
