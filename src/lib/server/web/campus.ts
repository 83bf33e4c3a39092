// Reads and writes the campus choice cookie. A cookie naming no known campus counts as none.
import { redirect, type Cookies, type RequestEvent } from '@sveltejs/kit';
import { CAMPUS_COOKIE } from '$lib/campus';
import { localizePath } from '$lib/i18n';
import { services } from '../app';
import { accepted, formAction } from './form-action';
import { safeReturnPath } from './paths';

/** The chosen campus id, or undefined for all campuses. */
export async function chosenCampus(cookies: Cookies): Promise<string | undefined> {
	const value = cookies.get(CAMPUS_COOKIE);
	if (!value) return undefined;
	const campuses = await services().content.campuses();
	return campuses.some((c) => c.id === value) ? value : undefined;
}

/** Remembers a campus for a year; undefined forgets the choice. */
export function rememberCampus(cookies: Cookies, campusId: string | undefined): void {
	if (!campusId) {
		cookies.delete(CAMPUS_COOKIE, { path: '/' });
		return;
	}
	cookies.set(CAMPUS_COOKIE, campusId, {
		path: '/',
		maxAge: 365 * 86_400,
		httpOnly: true,
		secure: true,
		sameSite: 'lax'
	});
}

/** The campus selector's post (a plain form, so it works without JavaScript): back where it was. */
export function chooseCampusAction(event: RequestEvent) {
	const fallback = localizePath('/', event.locals.locale);
	return formAction(event, {
		async read() {
			const form = await event.request.formData();
			return accepted({ wanted: String(form.get('campus') ?? ''), back: form.get('redirectTo') });
		},
		run: () => services().content.campuses(),
		answer(campuses, _values, { wanted, back }) {
			rememberCampus(event.cookies, campuses.find((c) => c.id === wanted)?.id);
			redirect(303, safeReturnPath(back, event.url, fallback));
		}
	});
}
