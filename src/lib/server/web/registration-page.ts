// The event page's registration: the section for the page's load (its words made here, see
// registration-words.ts), and its register and unregister form actions in the one form shape;
// and the profile's list of the member's own. The writes are a signed-in member's, counted
// against their own rate limit as the API's are; the engine's refusals come back as the form's
// answer with their code and words, never as the 404 page or a 500.
import { error, fail, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { localizePath } from '$lib/i18n';
import { RegisterForm, UnregisterForm } from '$lib/schemas/registration';
import { services } from '../app';
import type { UserContext } from '../context';
import { DomainError } from '../errors';
import { memberKey } from '../rate-limit';
import type { MemberView, Mine } from '../registration';
import { domainStatus } from './errors';
import { accepted, formAction, refused, typedValues } from './form-action';
import { overRateLimit } from './guard';
import { ticketsOnProfile } from './tickets';
import { keepUntil } from './page-cache';
import {
	payHrefOf,
	profileListWords,
	answerInWords,
	registrationLine,
	sectionWords,
	type SectionState,
	type SectionWords,
	type Unregistering
} from './registration-words';

type Event = RequestEvent<{ id: string }>;
type Action = 'register' | 'unregister';

export interface RegistrationSection {
	state: SectionState;
	unregistering: Unregistering;
	opensAt: string;
	/**
	 * The server's time when the page was made, before the opening only: the countdown's until
	 * the scripts run. Once open the page does not depend on the moment it was made (the same
	 * answer from every instance and the page cache).
	 */
	now: string | null;
	payHref: string | null;
	signInHref: string;
	words: SectionWords;
}

/** The form's answer: done, or a refusal by its code; in words when the section does not say it. */
export interface RegistrationAnswer {
	action: Action;
	reason: string | null;
	text: string | null;
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

function stateOf(view: MemberView, signedIn: boolean, closed: boolean): SectionState {
	if (!signedIn) return 'visitor';
	if (view.mine.status !== 'none') return 'held';
	if (view.ineligible) return 'ineligible';
	return closed ? 'closed' : 'register';
}

/**
 * The registration section of an event's page, or null when the event takes none. A visitor's
 * page may be kept by the page cache (its counts for its few seconds), but never past the
 * opening or the closing, which change what it shows.
 */
export async function registrationOnPage(
	event: Event,
	eventId: string,
	path: string
): Promise<RegistrationSection | null> {
	const now = new Date();
	const view = await services().registration.view(event.locals.caller, eventId, now);
	if (!view) return null;
	keepUntil(
		event.setHeaders,
		[view.opensAt, view.closesAt].filter((t) => Date.parse(t) > now.getTime())
	);
	const locale = event.locals.locale;
	const closed = now.getTime() >= Date.parse(view.closesAt);
	const unregistering = unregisteringOf(view, now);
	const state = stateOf(view, memberOf(event) !== null, closed);
	// A member whose marks delay them counts down to their own opening (attendance/ladder.ts).
	const opensAt = view.marks?.opensAt ?? view.opensAt;
	return {
		state,
		unregistering,
		opensAt,
		now: now.getTime() < Date.parse(opensAt) ? now.toISOString() : null,
		payHref: payHrefOf(view.mine, locale),
		signInHref: `${localizePath('/auth/login', locale)}?redirectTo=${encodeURIComponent(path)}`,
		words: sectionWords(view, state, unregistering, closed, locale)
	};
}

function refusal(
	event: RequestEvent,
	action: Action,
	status: number,
	reason: string,
	values: Record<string, string> = {},
	when: { opensAt?: string } = {}
) {
	const text = answerInWords(reason, event.locals.locale, when);
	return fail(status, { action, reason, text, values } satisfies RegistrationAnswer);
}

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
		if (!user) return refused(refusal(event, action, 401, 'signed_out'));
		const form = await event.request.formData();
		const values = typedValues(form);
		const parsed = schema.safeParse(Object.fromEntries(form));
		if (!parsed.success) return refused(refusal(event, action, 400, 'invalid', values));
		if (await overRateLimit(event, 'registration', memberKey(user.id))) {
			return refused(refusal(event, action, 429, 'rate_limited', values));
		}
		const found = await services().content.event(event.locals.locale, String(event.params.id));
		if (!found) error(404, 'Not found');
		return accepted({ eventId: found.event.id, fields: parsed.data as z.infer<S> }, values);
	};
}

function answered(
	event: RequestEvent,
	action: Action,
	result: Outcome,
	values: Record<string, string>
) {
	if (result.ok) {
		// Registered: the section shows the place. Unregistered: it shows none, so it says so.
		const text = action === 'unregister' ? answerInWords('done', event.locals.locale) : null;
		return { action, reason: null, text, values: {} } satisfies RegistrationAnswer;
	}
	const { error: refused, status } = result;
	const opensAt = refused.details?.opensAt;
	const when = typeof opensAt === 'string' ? { opensAt } : {};
	return refusal(event, action, status, refused.code ?? 'refused', values, when);
}

export function registerAction(event: Event) {
	return formAction(event, {
		read: readPost('register', RegisterForm),
		run: ({ eventId, fields }, caller: UserContext) =>
			outcome(() =>
				services().registration.register(caller, eventId, { answer: fields.answer || null })
			),
		answer: (result, values) => answered(event, 'register', result, values)
	});
}

/** Gives up the member's registration; after the deadline only with the box ticked that says it is late. */
export function unregisterAction(event: Event) {
	return formAction(event, {
		read: readPost('unregister', UnregisterForm),
		run: ({ eventId, fields }, caller: UserContext) =>
			outcome(async () => {
				const lateConfirmed = fields.confirmLate === 'on';
				const done = await services().registration.unregister(caller, eventId, undefined, {
					lateConfirmed
				});
				return done.mine;
			}),
		answer: (result, values) => answered(event, 'unregister', result, values)
	});
}

/** The profile's "my registrations": the lines in words with their tickets, and the section's own words. */
export async function registrationsOnProfile(event: RequestEvent) {
	const locale = event.locals.locale;
	const list = await services().registration.mine(event.locals.caller);
	const lines = list.map((r) => registrationLine(r, locale));
	const tickets = await ticketsOnProfile(event, lines);
	return {
		lines: lines.map((line) => ({ ...line, ticket: tickets[line.eventId] ?? null })),
		words: profileListWords()
	};
}
