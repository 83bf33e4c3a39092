import { error } from '@sveltejs/kit';
import { APPLICATION_LIMITS } from '$lib/schemas/application';
import { services } from '$lib/server/app';
import { applicationFormTexts } from '$lib/server/applications/words';
import { applyAction } from '$lib/server/web/job-application';
import { movedPermanently } from '$lib/server/web/moved';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params, setHeaders, url }) => {
	const { content, config } = services();
	const found = await content.job(locals.locale, params.slug);
	if (!found) {
		movedPermanently(await content.movedTo('jobs', params.slug), locals.locale, setHeaders);
		error(404, 'Not found');
	}
	// The application form while the job is open; its words come from here (no messages shipped).
	const texts = found.isOpen
		? applicationFormTexts({
				retentionDays: config.APPLICATION_RETENTION_DAYS,
				maxFileBytes: config.FILES_MAX_BYTES
			})
		: null;
	return {
		...found,
		texts,
		limits: APPLICATION_LIMITS,
		sent: url.searchParams.get('sent') === '1'
	};
};

export const actions: Actions = { default: (event) => applyAction(event) };
