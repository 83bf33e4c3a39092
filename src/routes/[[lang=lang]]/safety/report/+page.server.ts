import { superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { SafetyReportForm } from '$lib/schemas/safety';
import { services } from '$lib/server/app';
import { safetyReportAction } from '$lib/server/web/safety-reporter';
import type { Actions, PageServerLoad } from './$types';

// The safety report form. The hook looks no session up here; the report is stored without the
// address, user agent or anything of the session; the receipt code is in this one answer only
// (not the URL, not a log line), and the answer is not kept by the browser's cache.
export const load: PageServerLoad = async () => ({
	form: await superValidate(zod4(SafetyReportForm)),
	units: await services().safety.unitChoices()
});

export const actions: Actions = { default: (event) => safetyReportAction(event) };
