// The decision forms of a claim's page (/fs/{id}: submit, withdraw, approve, reject, pay, reveal)
// in the one form shape: the post is read as sent (a body that is no form reads as an empty one,
// which the decision refuses in words), the decision is made as the caller, and a refusal is
// answered with its status and words; a decision made goes back to the claim's page.
import { fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { services } from '../app';
import { decideFromForm, revealFromForm, type DecisionName } from '../expenses/decisions';
import { refusalMessage } from '../expenses/words';
import { accepted, formAction } from './form-action';

type ClaimEvent = RequestEvent<{ id: string; lang?: string }>;

const refusedDecision = (status: number, code: string, action: string) =>
	fail(status, { code, action, text: refusalMessage(code) });

export function decisionAction(action: DecisionName) {
	return (event: ClaimEvent) =>
		formAction(event, {
			read: async () => accepted(await event.request.formData().catch(() => new FormData())),
			run: (body, caller) =>
				decideFromForm(services().expenses, caller, event.params.id, action, body),
			answer(result) {
				if (!result.ok) return refusedDecision(result.status, result.code, action);
				const claim = localizePath(`/fs/${event.params.id}`, event.locals.locale);
				redirect(303, `${claim}?done=${action}`);
			}
		});
}

/** The full account is shown once, in the answer; the service writes the look to the trail. */
export function revealAction(event: ClaimEvent) {
	return formAction(event, {
		read: async () => accepted(null),
		run: (_, caller) => revealFromForm(services().expenses, caller, event.params.id),
		answer: (result) =>
			result.ok
				? { revealed: result.account }
				: refusedDecision(result.status, result.code, 'reveal')
	});
}
