// A job's application form (/jobs/{slug}) in the one form shape: the multipart post read into the
// typed values and files, refused while the job is closed, for each field's problem or over the
// client's limit; then stored and answered with post/redirect/get. A refusal keeps what was typed
// and says why, in words.
import { error, fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { services } from '../app';
import { fileCountErrors } from '../applications';
import { fieldCodes, readApplicationPost, type ApplicationPost } from '../applications/form';
import { errorTexts } from '../applications/words';
import { accepted, formAction, refused } from './form-action';
import { clientOf } from './guard';

type JobEvent = RequestEvent<{ slug: string }>;

function refusal(
	post: ApplicationPost,
	status: number,
	codes: Record<string, string>,
	message: string | null
) {
	const errors = errorTexts(codes, services().config.FILES_MAX_BYTES);
	return fail(status, { values: post.values, errors, message });
}

export function applyAction(event: JobEvent) {
	const { locale } = event.locals;
	const { content, applications, rateLimit, config } = services();
	return formAction(event, {
		async read() {
			const found = await content.job(locale, event.params.slug);
			if (!found) error(404, 'Not found');
			const post = await readApplicationPost(await event.request.formData());
			if (!found.isOpen) return refused(refusal(post, 409, {}, m.applications_closed()));
			const codes = { ...fieldCodes(post.parsed), ...fileCountErrors(post.cv, post.attachments) };
			if (!post.parsed.success || Object.keys(codes).length > 0) {
				return refused(refusal(post, 400, codes, null));
			}
			// Only complete applications count, so fixing a typo costs nothing.
			if (!(await rateLimit('application', clientOf(event))).allowed) {
				return refused(refusal(post, 429, {}, m.applications_error_rate_limited()));
			}
			return accepted({ jobId: found.job.id, form: post.parsed.data, post });
		},
		run: ({ jobId, form, post }) =>
			applications.submit({
				jobId,
				form,
				cv: post.cv,
				attachments: post.attachments,
				locale,
				origin: config.PUBLIC_ORIGIN ?? event.url.origin
			}),
		answer(outcome, _values, { post }) {
			if (outcome.status === 'closed') return refusal(post, 409, {}, m.applications_closed());
			if (outcome.status === 'invalid') return refusal(post, 400, outcome.errors, null);
			// Post/redirect/get: a reload does not send it twice. A bot's (honeypot) gets the same.
			redirect(303, `${localizePath(`/jobs/${event.params.slug}`, locale)}?sent=1`);
		}
	});
}
