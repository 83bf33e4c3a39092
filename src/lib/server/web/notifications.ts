// Notifications people control, at the edge: the profile's section (its settings and the form that
// saves them), the one-click unsubscribe API (RFC 8058: a mail client's POST, from anywhere and
// without a session; the token is the authority) and the page a person clicking the mail's link
// confirms on. A GET never changes anything: a link followed by a mail scanner turns nothing off.
import { fail, json, redirect, type RequestEvent } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { FollowForm, NotificationsForm, UnsubscribeQuery } from '$lib/schemas/notifications';
import { services } from '../app';
import { NotFound } from '../errors';
import { ALWAYS_SENT, NOTIFICATION_KINDS, notificationWords } from '../notifications';
import { memberKey } from '../rate-limit';
import { toErrorResponse, validationFailed } from './errors';
import { accepted, formAction, refused, zodPost } from './form-action';
import { overRateLimit } from './guard';

type NotificationsAnswer = 'saved' | 'invalid' | 'rate_limited';

/**
 * The profile's section: each kind, whether it is on and whether it can be turned off, and the
 * section's words made here, so that none of its sentences weighs on the page's first-visit
 * JavaScript (the profile is at the 50 kB budget; docs/decisions.md).
 */
export async function notificationsOnProfile(event: RequestEvent) {
	const saved = await services().notifications.preferences(event.locals.caller);
	const words = notificationWords(event.locals.locale);
	return {
		kinds: NOTIFICATION_KINDS.map((kind) => ({
			kind,
			label: words.kinds[kind],
			enabled: saved[kind],
			always: ALWAYS_SENT.has(kind)
		})),
		words: {
			title: m.notifications_title(),
			intro: m.notifications_intro(),
			alwaysSent: `${m.notifications_always()}: ${words.alwaysSent}`,
			save: m.notifications_save(),
			answers: {
				saved: m.notifications_saved(),
				invalid: m.notifications_invalid(),
				rate_limited: m.notifications_rate_limited()
			} satisfies Record<NotificationsAnswer, string>
		}
	};
}

const notificationsRefused = (status: number, answer: NotificationsAnswer) =>
	fail(status, { notifications: answer });

/** The profile's form: the checked boxes are the kinds on; within the member's rate limit. */
export function saveNotificationsAction(event: RequestEvent) {
	return formAction(event, {
		async read() {
			const posted = await zodPost(NotificationsForm, () => notificationsRefused(400, 'invalid'))(
				event
			);
			if ('refused' in posted) return posted;
			const user = event.locals.user;
			if (user && (await overRateLimit(event, 'public', memberKey(user.id)))) {
				return refused(notificationsRefused(429, 'rate_limited'));
			}
			return accepted(posted.input);
		},
		run: (choices, caller) => services().notifications.save(caller, choices),
		answer: () => ({ notifications: 'saved' as NotificationsAnswer })
	});
}

/**
 * The unit page's follow button for a signed-in member (null for a visitor), its words made here
 * so that the page's JavaScript carries none of them.
 */
export async function followOnUnitPage(event: RequestEvent, unitId: string) {
	const following = await services().notifications.following(event.locals.caller, unitId);
	if (following === null) return null;
	return {
		following,
		words: {
			button: following ? m.notifications_unfollow() : m.notifications_follow(),
			state: following ? m.notifications_following() : m.notifications_follow_hint(),
			saved: m.notifications_follow_saved()
		}
	};
}

/** The unit page's form: follow or stop; works without JavaScript (the page is loaded again). */
export function followUnitAction(event: RequestEvent, unitId: string) {
	return formAction(event, {
		read: zodPost(FollowForm, () => fail(400, { follow: 'invalid' as const })),
		run: ({ follow }, caller) => services().notifications.follow(caller, unitId, follow),
		answer: () => ({ follow: 'saved' as const })
	});
}

function tokenOf(event: RequestEvent) {
	return UnsubscribeQuery.safeParse(Object.fromEntries(event.url.searchParams));
}

/** POST /api/notifications/unsubscribe?token=…: the link's kind off, the same again and again. */
export async function unsubscribeOneClick(event: RequestEvent): Promise<Response> {
	const query = tokenOf(event);
	if (!query.success) return validationFailed(query.error);
	const limited = await overRateLimit(event, 'public');
	if (limited) return limited;
	try {
		const { kind } = await services().notifications.unsubscribe(query.data.token);
		return json({ kind, enabled: false }, { headers: { 'cache-control': 'no-store' } });
	} catch (error) {
		return toErrorResponse(error, event.locals.requestId);
	}
}

/** GET of the same link (a person, or a scanner, following it): the page that asks to confirm. */
export function unsubscribePageRedirect(event: RequestEvent): Response {
	const query = tokenOf(event);
	if (!query.success) return validationFailed(query.error);
	const page = localizePath('/notifications/unsubscribe', event.locals.locale);
	redirect(303, `${page}?token=${encodeURIComponent(query.data.token)}`);
}

/** The confirming page: what the link turns off, or that it is not a link of ours. */
export async function unsubscribePage(event: RequestEvent) {
	const query = tokenOf(event);
	const words = notificationWords(event.locals.locale);
	if (!query.success) return { found: false as const };
	try {
		const { kind } = await services().notifications.describe(query.data.token);
		return { found: true as const, kind: words.kinds[kind], token: query.data.token };
	} catch (error) {
		if (error instanceof NotFound) return { found: false as const };
		throw error;
	}
}

/** Its button: the same as the mail client's one click, answered as a page. */
export async function unsubscribeConfirmAction(event: RequestEvent) {
	const form = await event.request.formData();
	const query = UnsubscribeQuery.safeParse({ token: form.get('token') ?? undefined });
	if (!query.success) return fail(404, { done: false });
	if (await overRateLimit(event, 'public')) return fail(429, { done: false });
	try {
		await services().notifications.unsubscribe(query.data.token);
		return { done: true };
	} catch (error) {
		if (error instanceof NotFound) return fail(404, { done: false });
		throw error;
	}
}
