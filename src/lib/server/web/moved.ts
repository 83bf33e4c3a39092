// A renamed page's old address: 301 to where it is now, in the visitor's locale. Not cached: an
// address given back to its page must not keep sending browsers away.
import { redirect } from '@sveltejs/kit';
import { localizePath, locales, type Locale } from '$lib/i18n';

export function movedPermanently(
	target: string | null,
	locale: Locale,
	setHeaders: (headers: Record<string, string>) => void
): void {
	if (!target) return;
	setHeaders({ 'cache-control': 'no-cache' });
	redirect(301, localizePath(target, locale));
}

/**
 * A page whose address differs by language (a news item's or event's `slugs` under `section`):
 * asked for by another language's address, 301 to this language's own; otherwise each language's
 * own address, which the page's load returns as `alternates` so the head's hreflang links and the
 * language switcher name it instead of swapping the prefix (which would lead through that 301).
 */
export function ownAddresses(
	section: string,
	slugs: Record<Locale, string>,
	asked: { id: string; locale: Locale },
	setHeaders: (headers: Record<string, string>) => void
): Record<Locale, string> {
	if (slugs[asked.locale] !== asked.id)
		movedPermanently(`${section}/${slugs[asked.locale]}`, asked.locale, setHeaders);
	return Object.fromEntries(
		locales.map((l) => [l, localizePath(`${section}/${slugs[l]}`, l)])
	) as Record<Locale, string>;
}
