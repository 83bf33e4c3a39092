// Event feedback at the edge: the attendee's page (its load and its one plain form), the event
// page's server-made link to it, and the organisers' page (the switch, the results, the file).
// The attendee's post counts against their own rate limit, as a registration does; the domain's
// refusals come back as the form's answer by their code, never as a 500.
import { error, fail, type RequestEvent } from '@sveltejs/kit';
import { formatDateTime } from '$lib/format';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { FeedbackForm, FeedbackSettingsForm, invalidFeedbackCode } from '$lib/schemas/feedback';
import { services } from '../app';
import { DomainError } from '../errors';
import { memberKey } from '../rate-limit';
import { allowedOr404 } from './admin-route';
import { domainStatus } from './errors';
import { accepted, formAction, refused, typedValues } from './form-action';
import { overRateLimit } from './guard';

type Event = RequestEvent<{ id: string }>;

/** The attendee form's answer: saved (or changed), or refused by its code with what was typed. */
export interface FeedbackFormAnswer {
	saved: 'saved' | 'changed' | null;
	reason: string | null;
	values: Record<string, string>;
}

const refusedWith = (status: number, reason: string, values: Record<string, string> = {}) =>
	fail(status, { saved: null, reason, values } satisfies FeedbackFormAnswer);

/** The event by its address in either language; the 404 page when there is none. */
async function eventAt(event: Event) {
	const found = await services().content.event(event.locals.locale, event.params.id);
	if (!found) error(404, 'Not found');
	return found.event;
}

/** The attendee's page: the form and their answer, or why it is not theirs now. */
export async function feedbackPage(event: Event) {
	const { locale, caller } = event.locals;
	const found = await eventAt(event);
	const view = await allowedOr404(services().feedback.form(caller, found.id));
	return {
		eventPath: localizePath(`/events/${found.slug}`, locale),
		title: view.title[locale] || view.title.no,
		state: view.state,
		mine: view.mine,
		opens: formatDateTime(view.opensAt, locale),
		closes: formatDateTime(view.closesAt, locale)
	};
}

/** The form's post: a rating and a comment, for the signed-in attendee. */
export function answerFeedbackAction(event: Event) {
	return formAction(event, {
		async read() {
			const form = await event.request.formData();
			const values = typedValues(form);
			const parsed = FeedbackForm.safeParse(Object.fromEntries(form));
			if (!parsed.success) {
				return refused(refusedWith(400, invalidFeedbackCode(parsed.error), values));
			}
			const user = event.locals.user;
			if (user && (await overRateLimit(event, 'registration', memberKey(user.id)))) {
				return refused(refusedWith(429, 'rate_limited', values));
			}
			return accepted({ eventId: (await eventAt(event)).id, answer: parsed.data }, values);
		},
		async run({ eventId, answer }, caller) {
			try {
				return {
					ok: true as const,
					...(await services().feedback.answer(caller, eventId, answer))
				};
			} catch (e) {
				// A refusal is the form's answer; an event asking for none stays the 404 page.
				const status = domainStatus(e);
				if (status === null || status === 404) throw e;
				return { ok: false as const, status, reason: (e as DomainError).code ?? 'refused' };
			}
		},
		answer(result, values) {
			if (!result.ok) return refusedWith(result.status, result.reason, values);
			const saved = result.changed ? 'changed' : 'saved';
			return { saved, reason: null, values: {} } satisfies FeedbackFormAnswer;
		}
	});
}

/** The event page's link to the form, made here (the page's first-visit JavaScript is at its budget). */
export async function feedbackLinkOnPage(event: RequestEvent, eventId: string, slug: string) {
	const invitation = await services().feedback.invitation(event.locals.caller, eventId);
	if (!invitation) return null;
	return {
		href: localizePath(`/events/${slug}/feedback`, event.locals.locale),
		label: invitation.answered ? m.feedback_link_change() : m.feedback_link_give()
	};
}

/** The organisers' page: the switch, the window, the figures and the comments, without names. */
export async function feedbackResultsPage(event: Event) {
	const { locale, caller } = event.locals;
	const results = await allowedOr404(services().feedback.results(caller, event.params.id));
	return {
		...results,
		title: results.title[locale] || results.title.no,
		opens: formatDateTime(results.opensAt, locale),
		closes: formatDateTime(results.closesAt, locale)
	};
}

/** The organisers' switch: on or off, audited by the domain. */
export function feedbackSettingsAction(event: Event) {
	return formAction(event, {
		read: async () => {
			const parsed = FeedbackSettingsForm.safeParse(
				Object.fromEntries(await event.request.formData())
			);
			return parsed.success ? accepted(parsed.data) : refused(fail(400, { done: null }));
		},
		run: ({ enabled }, caller) => services().feedback.setEnabled(caller, event.params.id, enabled),
		answer: ({ enabled }) => ({ done: enabled ? ('on' as const) : ('off' as const) })
	});
}

/** The answers as a spreadsheet file, for the organisers only. */
export async function feedbackFile(event: Event) {
	const { caller, locale } = event.locals;
	return allowedOr404(services().feedback.resultsCsv(caller, event.params.id, locale));
}
