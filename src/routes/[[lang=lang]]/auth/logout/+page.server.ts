import { logoutAction } from '$lib/server/web/sign-in';
import type { Actions } from './$types';

// Signing out is a POST (the header's button); a GET shows the button for browsers without it.
export const actions: Actions = { default: (event) => logoutAction(event) };
