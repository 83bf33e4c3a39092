import { ladderPage, saveLadderAction } from '$lib/server/web/marks-ladder';
import type { Actions, PageServerLoad } from './$types';

// The site's marks ladder, for admins: weights, grace, expiry, freezes and what N marks mean.
export const load: PageServerLoad = (event) => ladderPage(event);

export const actions: Actions = { default: (event) => saveLadderAction(event) };
