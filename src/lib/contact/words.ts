// A contact message's status in words, the one table of them: the inbox pages show it, and the
// message's trail (server/contact/words.ts) names a status change with it.
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

/** A status in words, of the page's locale or of `locale`; anything but handled reads as new. */
export function contactStatusLabel(status: string, locale?: Locale): string {
	const options = locale ? { locale } : undefined;
	return status === 'handled'
		? m.contact_inbox_status_handled({}, options)
		: m.contact_inbox_status_new({}, options);
}
