import { fail, redirect } from '@sveltejs/kit';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { ProfileForm, SessionForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { rememberLocale } from '$lib/server/web/auth';
import { clearSessionCookie } from '$lib/server/web/cookies';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// The hook lets only signed-in users reach this page; everything shown is the caller's own.

export const load: PageServerLoad = async (event) => {
	const ctx = event.locals.caller;
	const { identity, roles } = services();
	const [profile, userRoles, sessions] = await Promise.all([
		identity.profile(ctx),
		roles.rolesOf(ctx),
		identity.sessions(ctx)
	]);
	const form = await superValidate(
		{ name: profile.name, locale: profile.locale ?? event.locals.locale },
		zod4(ProfileForm)
	);
	const { searchParams } = event.url;
	return {
		profile,
		roles: userRoles,
		sessions,
		form,
		saved: searchParams.has('saved'),
		verified: searchParams.has('verified')
	};
};

function signedOut(event: RequestEvent): never {
	clearSessionCookie(event.cookies);
	redirect(303, localizePath('/auth/login', event.locals.locale));
}

export const actions: Actions = {
	save: async (event) => {
		const form = await superValidate(event.request, zod4(ProfileForm));
		if (!form.valid) return message(form, 'invalid', { status: 400 });
		await services().identity.updateProfile(event.locals.caller, form.data);
		rememberLocale(event, form.data.locale);
		redirect(303, `${localizePath('/profile', form.data.locale)}?saved=1`);
	},
	revoke: async (event) => {
		const parsed = SessionForm.safeParse(Object.fromEntries(await event.request.formData()));
		if (!parsed.success) return fail(400, { revokeFailed: true });
		const revoked = await services().identity.revokeSession(
			event.locals.caller,
			parsed.data.sessionId
		);
		if (!revoked) return fail(404, { revokeFailed: true });
		if (parsed.data.sessionId === event.locals.sessionId) signedOut(event);
		return { revoked: true };
	},
	everywhere: async (event) => {
		await services().identity.signOutEverywhere(event.locals.caller);
		signedOut(event);
	}
};
