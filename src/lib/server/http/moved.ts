// A renamed page's old address: 301 to where it is now, in the visitor's locale. Not cached: an
// address given back to its page must not keep sending browsers away.
import { redirect } from '@sveltejs/kit';
import { localizePath, type Locale } from '$lib/i18n';

export function movedPermanently(
	target: string | null,
	locale: Locale,
	setHeaders: (headers: Record<string, string>) => void
): void {
	if (!target) return;
	setHeaders({ 'cache-control': 'no-cache' });
	redirect(301, localizePath(target, locale));
}
