import { superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { ResetForm } from '$lib/schemas/auth';
import { resetAction } from '$lib/server/web/sign-in';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ url }) => ({
	form: await superValidate({ token: url.searchParams.get('token') ?? '' }, zod4(ResetForm), {
		errors: false
	})
});

export const actions: Actions = { default: (event) => resetAction(event) };
