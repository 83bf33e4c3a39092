import { claimFormActions, editClaimPage } from '$lib/server/web/expense-form';
import type { Actions, PageServerLoad } from './$types';

// Only the claimant reaches this page, and only while the claim may be edited (a draft or a
// rejected claim); everyone else gets the same 404 as for an id that does not exist.
export const load: PageServerLoad = (event) => editClaimPage(event, event.params.id);

export const actions: Actions = claimFormActions((event) => event.params.id ?? null);
