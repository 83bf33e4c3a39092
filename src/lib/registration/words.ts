// A member's own place at an event in words, for the event page and the profile's list alike.
import { formatDateTime } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { Mine } from '$lib/server/registration/types';

/** "You are registered in the pool X." / "You are number 3 on the waiting list." …; null: none. */
export function mineInWords(mine: Mine, locale: Locale): string | null {
	if (mine.status === 'confirmed') {
		return mine.pool
			? m.registration_mine_confirmed_pool({ pool: mine.pool.name[locale] })
			: m.registration_mine_confirmed();
	}
	if (mine.status === 'waiting') return m.registration_mine_waiting({ position: mine.position });
	if (mine.status === 'entered') {
		return m.registration_mine_entered({ date: formatDateTime(mine.drawAt, locale) });
	}
	return null;
}
