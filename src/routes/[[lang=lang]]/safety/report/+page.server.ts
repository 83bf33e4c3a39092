import { fail, message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { SafetyReportForm } from '$lib/schemas/safety';
import { services } from '$lib/server/app';
import { originOf } from '$lib/server/web/auth';
import { clientOf } from '$lib/server/web/guard';
import { anonymousClient } from '$lib/server/safety/anonymous-client';
import type { Actions, PageServerLoad } from './$types';

// The safety report form. The hook looks no session up here; the report is stored without the
// address, user agent or anything of the session; the receipt code is in this one answer only
// (not the URL, not a log line), and the answer is not kept by the browser's cache.
export const load: PageServerLoad = async () => ({
	form: await superValidate(zod4(SafetyReportForm)),
	units: await services().safety.unitChoices()
});

export const actions: Actions = {
	default: async (event) => {
		event.setHeaders({ 'cache-control': 'no-store' });
		const form = await superValidate(event.request, zod4(SafetyReportForm));
		// The passphrase is never sent back into the page.
		const blank = () => Object.assign(form.data, { passphrase: '', passphraseAgain: '' });
		if (!form.valid) {
			blank();
			return fail(400, { form });
		}
		// Only reports that would be stored count, so a reporter fixing a typo is not punished.
		const client = anonymousClient(clientOf(event));
		if (!(await services().rateLimit('safety', client)).allowed) {
			blank();
			return message(form, 'rate_limited', { status: 429 });
		}
		const sent = await services().safety.submit(form.data, {
			locale: event.locals.locale,
			origin: originOf(event)
		});
		blank();
		if (!sent.ok) return fail(400, { form: { ...form, errors: { unitId: ['unknown_unit'] } } });
		return { form: await superValidate(zod4(SafetyReportForm)), receipt: sent.receipt };
	}
};
