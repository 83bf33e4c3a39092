import { superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { ForgotForm } from '$lib/schemas/auth';
import { forgotAction } from '$lib/server/web/sign-in';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => ({ form: await superValidate(zod4(ForgotForm)) });

// The answer is the same whether or not the address has an account.
export const actions: Actions = { default: (event) => forgotAction(event) };
