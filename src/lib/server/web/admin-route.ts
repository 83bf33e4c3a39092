// What the admin area's routes share: one answer for everyone a domain
// function refuses (not signed in, not allowed, no such record): 404, as if the page did not exist.
// The hook has already sent visitors without a session to sign in.
import { error } from '@sveltejs/kit';
import { unlessDenied } from '../identity/roles';

/** The work's value; a refusal (or nothing found) is the 404 page. */
export async function allowedOr404<T>(work: Promise<T>): Promise<NonNullable<T>> {
	const result = await unlessDenied(work);
	if (result === null || result === undefined) error(404, 'Not found');
	return result;
}
