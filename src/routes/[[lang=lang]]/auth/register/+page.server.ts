import { superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { RegisterForm } from '$lib/schemas/auth';
import { registerAction } from '$lib/server/web/sign-in';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => ({
	form: await superValidate(zod4(RegisterForm))
});

export const actions: Actions = { default: (event) => registerAction(event) };
