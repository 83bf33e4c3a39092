// Reads and writes the campus choice cookie. A cookie naming no known campus counts as none.
import type { Cookies } from '@sveltejs/kit';
import { CAMPUS_COOKIE } from '$lib/campus';
import { services } from '../app';

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
