// The reporter's side of safety reports in the one form shape: the report form and the way back
// (receipt code and passphrase). These pages never touch a session (the hook looks none up): the
// domain calls are made without the caller, and nothing of the browser but its rate-limit key
// (anonymousClient) is used. Each answer is kept out of the browser's cache.
import { fail as kitFail, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { fail, message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { FollowUpForm, FollowUpReplyForm, SafetyReportForm } from '$lib/schemas/safety';
import { services } from '../app';
import { anonymousClient } from '../safety/anonymous-client';
import type { ReporterView } from '../safety';
import { originOf } from './auth';
import { accepted, formAction, refused } from './form-action';
import { clientOf } from './guard';

const rateLimited = async (event: RequestEvent, bucket: 'safety' | 'safety_follow_up') =>
	!(await services().rateLimit(bucket, anonymousClient(clientOf(event)))).allowed;

/**
 * The report is stored without the address, user agent or anything of the session; the receipt
 * code is in this one answer only (not the URL, not a log line). The passphrase is never sent
 * back into the page, whatever the answer.
 */
export function safetyReportAction(event: RequestEvent) {
	event.setHeaders({ 'cache-control': 'no-store' });
	type Form = Awaited<ReturnType<typeof superValidate<z.infer<typeof SafetyReportForm>>>>;
	const blank = (form: Form) => Object.assign(form.data, { passphrase: '', passphraseAgain: '' });
	return formAction(event, {
		async read() {
			const form = await superValidate(event.request, zod4(SafetyReportForm));
			if (!form.valid) {
				blank(form);
				return refused(fail(400, { form }));
			}
			// Only reports that would be stored count, so a reporter fixing a typo is not punished.
			if (await rateLimited(event, 'safety')) {
				blank(form);
				return refused(message(form, 'rate_limited', { status: 429 }));
			}
			return accepted(form);
		},
		run: (form) =>
			services().safety.submit(form.data, {
				locale: event.locals.locale,
				origin: originOf(event)
			}),
		async answer(sent, _values, form) {
			blank(form);
			if (!sent.ok) return fail(400, { form: { ...form, errors: { unitId: ['unknown_unit'] } } });
			return { form: await superValidate(zod4(SafetyReportForm)), receipt: sent.receipt };
		}
	});
}

// Any wrong code or passphrase gets one answer, and every attempt counts against the address's
// limit. The code and passphrase go back into the page for the next answer only.
type FollowUpAnswer =
	| { view: ReporterView; code: string; passphrase: string; replied: boolean }
	| { refused: 'invalid' | 'wrong' | 'rate_limited'; code: string; message?: string };

function followUpAction<S extends z.ZodType<{ code: string; passphrase: string }>>(
	event: RequestEvent,
	schema: S,
	find: (input: z.infer<S>) => Promise<ReporterView | null>
) {
	event.setHeaders({ 'cache-control': 'no-store' });
	return formAction(event, {
		async read() {
			const posted = Object.fromEntries(await event.request.formData());
			const code = typeof posted.code === 'string' ? posted.code.slice(0, 64) : '';
			const message = typeof posted.message === 'string' ? posted.message : undefined;
			const refusal = (status: number, why: 'invalid' | 'rate_limited') =>
				refused(kitFail(status, { refused: why, code, message } satisfies FollowUpAnswer));
			const parsed = schema.safeParse(posted);
			if (!parsed.success) return refusal(400, 'invalid');
			if (await rateLimited(event, 'safety_follow_up')) return refusal(429, 'rate_limited');
			return accepted({ input: parsed.data, code, message });
		},
		// The report, or null for a wrong code or passphrase: then wrapped, so it is no refusal.
		run: async ({ input }) => ({ view: await find(input) }),
		answer({ view }, _values, { input, code, message }) {
			if (!view) return kitFail(400, { refused: 'wrong', code, message } satisfies FollowUpAnswer);
			const { passphrase } = input;
			return { view, code, passphrase, replied: message !== undefined } satisfies FollowUpAnswer;
		}
	});
}

export const followUpOpenAction = (event: RequestEvent) =>
	followUpAction(event, FollowUpForm, (input) => services().safety.follow(input));

export const followUpReplyAction = (event: RequestEvent) =>
	followUpAction(event, FollowUpReplyForm, (input) =>
		services().safety.replyAsReporter({ ...input, origin: originOf(event) })
	);
