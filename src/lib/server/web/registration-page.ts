// The event page's registration: the member's view for the page's load, and its register and
// unregister form actions in the one form shape; and the profile's list of the member's own. The writes are a signed-in member's, counted
// against their own rate limit as the API's are; the engine's refusals come back as the form's
// answer with their code (the page says them in words), never as the 404 page or a 500.
import { error, fail, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { formatDate, formatDateTime } from '$lib/format';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { mineInWords } from '$lib/registration/words';
import { RegisterForm, UnregisterForm } from '$lib/schemas/registration';
import { services } from '../app';
import type { UserContext } from '../context';
import { DomainError } from '../errors';
import { memberKey } from '../rate-limit';
import type { MemberView, Mine } from '../registration';
import { domainStatus } from './errors';
import { accepted, formAction, refused, typedValues } from './form-action';
import { overRateLimit } from './guard';
import { keepUntil } from './page-cache';

type Event = RequestEvent<{ id: string }>;
type Action = 'register' | 'unregister';

/** Whether the member may still give up their seat: freely, only marked late, or not at all. */
export type Unregistering = 'free' | 'late' | 'closed';

export interface RegistrationOnPage extends MemberView {
	signedIn: boolean;
	/** The server's time when the page was made: the countdown's reference. */
	now: string;
	unregistering: Unregistering;
}

/** The form's answer: done, or the engine's (or the form's) refusal by its code. */
export interface RegistrationAnswer {
	action: Action;
	reason: string | null;
	/** When registration opens, for a refusal `not_open`. */
	opensAt?: string;
	values: Record<string, string>;
}

const memberOf = (event: RequestEvent) => {
	const user = event.locals.user;
	return user && !user.isAnonymous ? user : null;
};

function unregisteringOf(view: MemberView, now: Date): Unregistering {
	const past =
		view.mine.status === 'confirmed' &&
		view.unregisterBy !== null &&
		now.getTime() > Date.parse(view.unregisterBy);
	if (!past) return 'free';
	return view.lateUnregister ? 'late' : 'closed';
}

/**
 * The registration part of an event's page, or null when the event takes none. A visitor's page
 * may be kept by the page cache (its counts for its few seconds), but never past the opening or
 * the closing, which change what it shows.
 */
export async function registrationOnPage(
	event: Event,
	eventId: string
): Promise<RegistrationOnPage | null> {
	const now = new Date();
	const view = await services().registration.view(event.locals.caller, eventId, now);
	if (!view) return null;
	const ahead = [view.opensAt, view.closesAt].filter((t) => Date.parse(t) > now.getTime());
	keepUntil(event.setHeaders, ahead);
	return {
		...view,
		signedIn: memberOf(event) !== null,
		now: now.toISOString(),
		unregistering: unregisteringOf(view, now)
	};
}

const refusal = (action: Action, status: number, reason: string, values = {}, extra = {}) =>
	fail(status, { action, reason, values, ...extra } satisfies RegistrationAnswer);

type Outcome = { ok: true; mine: Mine } | { ok: false; error: DomainError; status: number };

/** The engine's answer, or its refusal as a value (a fault still throws). */
async function outcome(work: () => Promise<Mine>): Promise<Outcome> {
	try {
		return { ok: true, mine: await work() };
	} catch (e) {
		const status = domainStatus(e);
		if (status === null) throw e;
		return { ok: false, error: e as DomainError, status };
	}
}

/** Reads the post for `action`: signed in, the fields by `schema`, within the member's rate limit, a known event. */
function readPost<S extends z.ZodType>(action: Action, schema: S) {
	return async (event: RequestEvent) => {
		const user = memberOf(event);
		if (!user) return refused(refusal(action, 401, 'signed_out'));
		const form = await event.request.formData();
		const values = typedValues(form);
		const parsed = schema.safeParse(Object.fromEntries(form));
		if (!parsed.success) return refused(refusal(action, 400, 'invalid', values));
		if (await overRateLimit(event, 'registration', memberKey(user.id))) {
			return refused(refusal(action, 429, 'rate_limited', values));
		}
		const found = await services().content.event(event.locals.locale, String(event.params.id));
		if (!found) error(404, 'Not found');
		return accepted({ eventId: found.event.id, fields: parsed.data as z.infer<S> }, values);
	};
}

function answered(action: Action, result: Outcome, values: Record<string, string>) {
	if (result.ok) return { action, reason: null, values: {} } satisfies RegistrationAnswer;
	const { error: refused, status } = result;
	const opensAt = refused.code === 'not_open' ? { opensAt: refused.details?.opensAt } : {};
	return refusal(action, status, refused.code ?? 'refused', values, opensAt);
}

export function registerAction(event: Event) {
	return formAction(event, {
		read: readPost('register', RegisterForm),
		run: ({ eventId, fields }, caller: UserContext) =>
			outcome(() =>
				services().registration.register(caller, eventId, { answer: fields.answer || null })
			),
		answer: (result, values) => answered('register', result, values)
	});
}

/** Gives up the member's registration; after the deadline only with the box ticked that says it is late. */
export function unregisterAction(event: Event) {
	return formAction(event, {
		read: readPost('unregister', UnregisterForm),
		async run({ eventId, fields }, caller: UserContext) {
			const registration = services().registration;
			if (!fields.confirmLate) {
				const view = await registration.view(caller, eventId);
				if (view && unregisteringOf(view, new Date()) === 'late') {
					return { ok: false as const, late: true };
				}
			}
			return outcome(async () => (await registration.unregister(caller, eventId)).mine);
		},
		answer(result, values) {
			if ('late' in result) return refusal('unregister', 400, 'confirm_late', values);
			return answered('unregister', result, values);
		}
	});
}

/** One line of the profile's "my registrations", in words already (the page sends no code for it). */
export interface RegistrationOnProfile {
	eventId: string;
	href: string;
	title: string;
	when: string;
	status: string;
	payBy: string | null;
	payHref: string | null;
}

export async function registrationsOnProfile(
	event: RequestEvent
): Promise<RegistrationOnProfile[]> {
	const locale = event.locals.locale;
	const list = await services().registration.mine(event.locals.caller);
	return list.map(({ eventId, slugs, title, startsAt, mine }) => {
		const pay = mine.status === 'confirmed' ? mine : null;
		return {
			eventId,
			href: localizePath(`/events/${encodeURIComponent(slugs[locale])}`, locale),
			title: title[locale],
			when: formatDate(startsAt, locale),
			status: mineInWords(mine, locale) ?? '',
			payBy: pay?.payBy ? m.registration_pay_by({ date: formatDateTime(pay.payBy, locale) }) : null,
			payHref: pay?.orderId ? localizePath(`/shop/order/${pay.orderId}`, locale) : null
		};
	});
}
