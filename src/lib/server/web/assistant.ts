// The assistant's forms in the one form shape: the page without JavaScript (/assistant: ask, and
// rate an answer; each a bad post first, then the rate limit, both answered with what was asked)
// and the admins' list of missed questions (/admin/assistant: dismiss one; anyone else gets the
// 404 page).
import { fail, type RequestEvent } from '@sveltejs/kit';
import { z } from 'zod';
import { AssistantFeedbackRequest, AssistantRequest } from '$lib/schemas/assistant';
import { services } from '../app';
import { accepted, formAction, refused, zodPost } from './form-action';
import { clientOf } from './guard';

type Problem = 'empty' | 'too_many' | 'rate_failed';

/** A post the page answers with what was asked and why it was not answered. */
const problem = (status: 400 | 429, message: string, problem: Problem) =>
	refused(fail(status, { message, problem }));

async function allowed(event: RequestEvent) {
	const { rateLimit } = services();
	return (await rateLimit('assistant', clientOf(event))).allowed;
}

export function askAction(event: RequestEvent) {
	return formAction(event, {
		async read() {
			const data = await event.request.formData();
			const message = String(data.get('message') ?? '');
			const parsed = AssistantRequest.pick({ message: true }).safeParse({ message });
			if (!parsed.success) return problem(400, message, 'empty');
			if (!(await allowed(event))) return problem(429, message, 'too_many');
			return accepted(parsed.data.message);
		},
		run: (message) => services().assistant.answer({ message, locale: event.locals.locale }),
		answer: (answer, _values, message) => ({ message, answer })
	});
}

export function rateAction(event: RequestEvent) {
	return formAction(event, {
		async read() {
			const data = Object.fromEntries(await event.request.formData());
			const parsed = AssistantFeedbackRequest.safeParse(data);
			const message = typeof data.message === 'string' ? data.message : '';
			if (!parsed.success) return problem(400, message, 'rate_failed');
			if (!(await allowed(event))) return problem(429, message, 'too_many');
			return accepted(parsed.data);
		},
		run: (rating) =>
			services().assistantFeedback.rate({
				id: rating.answerId,
				locale: event.locals.locale,
				question: rating.message,
				by: rating.by,
				rating: rating.rating
			}),
		answer: (_done, _values, rating) => ({ message: rating.message, rated: rating.rating })
	});
}

const Dismiss = z.object({ key: z.string().trim().min(1).max(2000), locale: z.enum(['no', 'en']) });

export function dismissMissAction(event: RequestEvent) {
	return formAction(event, {
		read: zodPost(Dismiss, () => fail(400, { dismissFailed: true })),
		run: (question: z.infer<typeof Dismiss>, caller) =>
			services().assistantFeedback.dismiss(caller, question),
		answer: (cleared) => ({ dismissed: cleared })
	});
}
