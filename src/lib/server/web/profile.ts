// The profile pages' form actions in the one form shape: saving one's name and language, ending
// one's sessions, and deleting one's own account. Everything acted on is the caller's own (the
// hook lets only signed-in users reach these pages).
import { error, fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { formatDateTime } from '$lib/format';
import { localizePath, type Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import {
	DeleteWithEmailForm,
	DeleteWithPasswordForm,
	invalidFields
} from '$lib/schemas/admin-people';
import { ProfileForm, SessionForm } from '$lib/schemas/auth';
import { services } from '../app';
import type { SessionSummary } from '../identity/types';
import { rememberLocale } from './auth';
import { calendarFeedOnProfile } from './calendar-feed';
import { clearSessionCookie } from './cookies';
import { accepted, formAction, refused, zodPost } from './form-action';
import { clientOf } from './guard';
import { notificationsOnProfile } from './notifications';
import { registrationsOnProfile } from './registration-page';

/**
 * An order's status in the page's language, made here rather than in the browser: the profile's
 * first-visit JavaScript is at its 50 kB budget (docs/decisions.md).
 */
export const orderStatusWords = (): Record<string, string> => ({
	pending: m.profile_order_status_pending(),
	authorized: m.profile_order_status_authorized(),
	paid: m.profile_order_status_paid(),
	cancelled: m.profile_order_status_cancelled(),
	failed: m.profile_order_status_failed()
});

/** The page's sentences that need nothing of the browser, made here for the same reason. */
export const profileWords = () => ({
	expenses: m.profile_expenses(),
	expensesNote: m.profile_expenses_note(),
	expensesList: m.profile_expenses_list(),
	expensesNew: m.profile_expenses_new(),
	adminArea: m.profile_admin_area(),
	adminLink: m.profile_admin_link(),
	privacyTitle: m.privacy_title(),
	privacyIntro: m.privacy_intro(),
	privacyDownload: m.privacy_download(),
	privacyDownloadNote: m.privacy_download_note(),
	privacyDeleteLink: m.privacy_delete_link(),
	sessions: m.profile_sessions(),
	sessionRevoked: m.profile_session_revoked(),
	sessionCurrent: m.profile_session_current(),
	sessionRevoke: m.profile_session_revoke(),
	signOutEverywhere: m.profile_sign_out_everywhere(),
	signOutEverywhereNote: m.profile_sign_out_everywhere_note()
});

/** A session as its line says it: the browser (or "unknown") since when, and its button's label. */
const sessionLine = <S extends SessionSummary>(session: S, locale: Locale) => {
	const date = formatDateTime(session.createdAt, locale);
	return {
		...session,
		label: `${session.userAgent ?? m.profile_session_unknown()} – ${m.profile_session_since({ date })}`,
		revokeLabel: m.profile_session_revoke_label({ date })
	};
};

/** The profile page: the caller's account, sessions, registrations, feed and e-mail choices. */
export async function profilePage(event: RequestEvent) {
	const ctx = event.locals.caller;
	const { identity, roles } = services();
	const [profile, userRoles, sessions, registrations, calendarFeed, notifications] =
		await Promise.all([
			identity.profile(ctx),
			roles.rolesOf(ctx),
			identity.sessions(ctx),
			registrationsOnProfile(event),
			calendarFeedOnProfile(event),
			notificationsOnProfile(event)
		]);
	const form = await superValidate(
		{ name: profile.name, locale: profile.locale ?? event.locals.locale },
		zod4(ProfileForm)
	);
	const { searchParams } = event.url;
	return {
		profile,
		roles: userRoles,
		sessions: sessions.map((s) => sessionLine(s, event.locals.locale)),
		registrations,
		calendarFeed,
		notifications,
		orderStatus: orderStatusWords(),
		words: profileWords(),
		form,
		saved: searchParams.has('saved'),
		verified: searchParams.has('verified')
	};
}

function signedOut(event: RequestEvent): never {
	clearSessionCookie(event.cookies);
	redirect(303, localizePath('/auth/login', event.locals.locale));
}

export function saveProfileAction(event: RequestEvent) {
	return formAction(event, {
		async read() {
			const form = await superValidate(event.request, zod4(ProfileForm));
			return form.valid ? accepted(form) : refused(message(form, 'invalid', { status: 400 }));
		},
		run: (form, caller) => services().identity.updateProfile(caller, form.data),
		answer(_saved, _values, form) {
			rememberLocale(event, form.data.locale);
			redirect(303, `${localizePath('/profile', form.data.locale)}?saved=1`);
		}
	});
}

/** Ending one of one's sessions; ending the one in use signs out here too. */
export function revokeSessionAction(event: RequestEvent) {
	return formAction(event, {
		read: zodPost(SessionForm, () => fail(400, { revokeFailed: true })),
		run: ({ sessionId }, caller) => services().identity.revokeSession(caller, sessionId),
		answer(revoked, _values, { sessionId }) {
			if (!revoked) return fail(404, { revokeFailed: true });
			if (sessionId === event.locals.sessionId) signedOut(event);
			return { revoked: true };
		}
	});
}

export function signOutEverywhereAction(event: RequestEvent) {
	return formAction(event, {
		read: async () => accepted(null),
		run: (_none, caller) => services().identity.signOutEverywhere(caller),
		answer: () => signedOut(event)
	});
}

const deletionRefused = (
	values: Record<string, string>,
	status: number,
	errors: string[],
	reason: string | null
) => fail(status, { values, errors, reason });

/**
 * "Delete my account": a password account confirms with its password, one without it with its
 * e-mail address; then the person is signed out and told it is done. What the account has
 * decides the form, so the read asks for it first (no account to delete: the 404 page).
 */
export function deleteAccountAction(event: RequestEvent) {
	const { privacy, rateLimit } = services();
	return formAction(event, {
		async read() {
			const preview = await privacy.deletionPreview(event.locals.caller);
			if (!preview) error(404, 'Not found');
			const schema = preview.hasPassword ? DeleteWithPasswordForm : DeleteWithEmailForm;
			const posted = await zodPost(schema, (issues, values) =>
				deletionRefused(values, 400, invalidFields(issues), null)
			)(event);
			if ('refused' in posted) return posted;
			// A password is checked here: the sign-in limit holds, so the form cannot be used to guess.
			if (!(await rateLimit('auth', clientOf(event))).allowed) {
				return refused(deletionRefused(posted.values, 429, [], 'rate_limited'));
			}
			return posted;
		},
		run: (input, caller) => privacy.deleteOwnAccount(caller, input),
		answer(result, values) {
			if (!result.ok) return deletionRefused(values, 400, [], result.reason);
			clearSessionCookie(event.cookies);
			redirect(303, localizePath('/auth/deleted', event.locals.locale));
		}
	});
}
