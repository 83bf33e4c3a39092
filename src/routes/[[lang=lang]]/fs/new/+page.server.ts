import { claimFormActions, newClaimPage } from '$lib/server/web/expense-form';
import type { Actions, PageServerLoad } from './$types';

// The hook lets only signed-in users reach /fs pages.
export const load: PageServerLoad = (event) => newClaimPage(event);

export const actions: Actions = claimFormActions(() => null);
