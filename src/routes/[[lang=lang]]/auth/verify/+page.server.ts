import { verifyAction } from '$lib/server/web/sign-in';
import type { Actions, PageServerLoad } from './$types';

// Opening the link shows a button; only its POST uses the token (web/sign-in.ts, verifyAction).
export const load: PageServerLoad = ({ url }) => ({ token: url.searchParams.get('token') ?? '' });

export const actions: Actions = { default: (event) => verifyAction(event) };
