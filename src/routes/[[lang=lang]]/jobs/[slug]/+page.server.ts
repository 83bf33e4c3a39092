import { error, fail, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { APPLICATION_LIMITS } from '$lib/schemas/application';
import { services } from '$lib/server/app';
import { fieldCodes, readApplicationPost } from '$lib/server/applications/form';
import { applicationFormTexts, errorTexts } from '$lib/server/applications/words';
import { fileCountErrors } from '$lib/server/applications';
import { clientOf } from '$lib/server/web/guard';
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

export const actions: Actions = {
	default: async (event) => {
		const { locale } = event.locals;
		const { content, applications, rateLimit, config } = services();
		const found = await content.job(locale, event.params.slug);
		if (!found) error(404, 'Not found');
		const post = await readApplicationPost(await event.request.formData());
		const answer = (status: number, codes: Record<string, string>, message: string | null) =>
			fail(status, {
				values: post.values,
				errors: errorTexts(codes, config.FILES_MAX_BYTES),
				message
			});
		if (!found.isOpen) return answer(409, {}, m.applications_closed());
		const codes = { ...fieldCodes(post.parsed), ...fileCountErrors(post.cv, post.attachments) };
		if (!post.parsed.success || Object.keys(codes).length > 0) return answer(400, codes, null);
		// Only complete applications count, so fixing a typo costs nothing.
		const decision = await rateLimit('application', clientOf(event));
		if (!decision.allowed) return answer(429, {}, m.applications_error_rate_limited());
		const outcome = await applications.submit({
			jobId: found.job.id,
			form: post.parsed.data,
			cv: post.cv,
			attachments: post.attachments,
			locale,
			origin: config.PUBLIC_ORIGIN ?? event.url.origin
		});
		if (outcome.status === 'closed') return answer(409, {}, m.applications_closed());
		if (outcome.status === 'invalid') return answer(400, outcome.errors, null);
		// Post/redirect/get: a reload does not send it twice. A bot's (honeypot) gets the same.
		redirect(303, `${localizePath(`/jobs/${event.params.slug}`, locale)}?sent=1`);
	}
};
