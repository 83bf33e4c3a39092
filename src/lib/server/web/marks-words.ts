// The marks' sentences on the event page and the member's marks page, made on the server in the
// page's language (the event page has no first-visit JavaScript to spare): what the member's
// active marks mean for registering here, and before they unregister, exactly what unregistering
// now would give (a mark or not, and why).
import { formatDate, formatDateTime } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { Standing } from '../attendance';
import type { MemberView } from '../registration';

const plurals = { no: new Intl.PluralRules('nb'), en: new Intl.PluralRules('en') };

/** "1 active mark" / "3 aktive prikker". */
export function marksCount(count: number, locale: Locale): string {
	return plurals[locale].select(count) === 'one'
		? m.marks_count_one({ count })
		: m.marks_count_other({ count });
}

const units = [
	{ unit: 'day', minutes: 24 * 60 },
	{ unit: 'hour', minutes: 60 },
	{ unit: 'minute', minutes: 1 }
] as const;

/** A delay in the largest whole unit: "2 hours", "1 døgn"… */
export function delayInWords(minutes: number, locale: Locale): string {
	const { unit, minutes: size } = units.find((u) => minutes % u.minutes === 0)!;
	const intl = locale === 'no' ? 'nb' : 'en';
	return new Intl.NumberFormat(intl, { style: 'unit', unit, unitDisplay: 'long' }).format(
		minutes / size
	);
}

/** What the member's standing means when they register (here: opening at `opensAt`), or null when nothing. */
export function standingInWords(
	standing: Standing,
	opensAt: string | null,
	locale: Locale
): string | null {
	const c = standing.consequence;
	if (!c || !standing.until) return null;
	const count = marksCount(standing.active, locale);
	const until = formatDate(standing.until, locale);
	if (c.kind === 'waitlist') return m.marks_waitlist_standing({ count, until });
	const delay = delayInWords(c.minutes, locale);
	if (opensAt === null) return m.marks_delay_general({ count, delay, until });
	return m.marks_delay_standing({
		count,
		delay,
		date: formatDateTime(opensAt, locale),
		until
	});
}

/** What the standing with one more mark would mean, or null when nothing. */
function afterInWords(after: Standing, locale: Locale): string | null {
	const c = after.consequence;
	if (!c || !after.until) return null;
	const count = marksCount(after.active, locale);
	const until = formatDate(after.until, locale);
	return c.kind === 'waitlist'
		? m.marks_after_waitlist({ count, until })
		: m.marks_after_delay({ count, delay: delayInWords(c.minutes, locale), until });
}

/**
 * Before the member unregisters: what unregistering now gives them. Null when they hold no place
 * or may not unregister (the deadline passed without late unregistration: the section says so).
 */
export function unregisterOutcome(
	view: MemberView,
	unregistering: 'free' | 'late' | 'closed',
	locale: Locale
): string | null {
	if (view.mine.status === 'waiting') return m.marks_outcome_waiting();
	if (view.mine.status === 'entered') return m.marks_outcome_entered();
	if (view.mine.status !== 'confirmed' || !view.marks || unregistering === 'closed') return null;
	const { lateWeight, lateExpiresAt, afterLate } = view.marks;
	if (!view.unregisterBy) return m.marks_outcome_no_deadline();
	const date = formatDateTime(view.unregisterBy, locale);
	const gives = view.lateUnregister && lateWeight > 0;
	if (unregistering === 'free') {
		return gives ? m.marks_outcome_before({ date }) : m.marks_outcome_before_free({ date });
	}
	if (!gives) return m.marks_outcome_late_free();
	const late = m.marks_outcome_late({ expires: formatDate(lateExpiresAt, locale), date });
	const after = afterInWords(afterLate, locale);
	return after ? `${late} ${after}` : late;
}
