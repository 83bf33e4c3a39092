// Locale-aware formatting shared by server and browser, and the one place that turns a stored date
// into words for people: pages, mails, histories, audit trails and PDFs all call it. Prices are
// whole øre; instants are shown in Europe/Oslo whatever the server's zone, while a calendar day
// (`YYYY-MM-DD`: a receipt's date, a payout date) is shown as that day, which no zone may move.
// Building an Intl formatter costs far more than using one, so each (locale, style) formatter is
// built once and kept.
import type { Locale } from '$lib/i18n';

const INTL_LOCALE: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };
export const TIME_ZONE = 'Europe/Oslo';

/** One formatter per locale and style, built on first use. */
function perLocale<F>(build: (intlLocale: string) => F): (locale: Locale) => F {
	const built = new Map<Locale, F>();
	return (locale) => {
		let formatter = built.get(locale);
		if (!formatter) {
			formatter = build(INTL_LOCALE[locale]);
			built.set(locale, formatter);
		}
		return formatter;
	};
}

const price = (minimumFractionDigits: number) =>
	perLocale(
		(l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'NOK', minimumFractionDigits })
	);
const wholeKroner = price(0);
const withOre = price(2);
const dateTime = perLocale(
	(l) =>
		new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE })
);
const longDate = perLocale(
	(l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: TIME_ZONE })
);
const longDay = perLocale(
	(l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' })
);
const shortDate = perLocale(
	(l) => new Intl.DateTimeFormat(l, { dateStyle: 'short', timeZone: TIME_ZONE })
);
const shortDay = perLocale(
	(l) => new Intl.DateTimeFormat(l, { dateStyle: 'short', timeZone: 'UTC' })
);

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant's date in Oslo, or a calendar day as that day (its midnight in UTC, read in UTC). */
function dateIn(
	isoOrDay: string,
	locale: Locale,
	instant: (l: Locale) => Intl.DateTimeFormat,
	day: (l: Locale) => Intl.DateTimeFormat
): string {
	return CALENDAR_DAY.test(isoOrDay)
		? day(locale).format(new Date(`${isoOrDay}T00:00:00Z`))
		: instant(locale).format(new Date(isoOrDay));
}
const time = perLocale(
	(l) => new Intl.DateTimeFormat(l, { timeStyle: 'short', timeZone: TIME_ZONE })
);

export function formatPrice(ore: number, locale: Locale): string {
	return (ore % 100 === 0 ? wholeKroner : withOre)(locale).format(ore / 100);
}

export function formatDateTime(iso: string, locale: Locale): string {
	return dateTime(locale).format(new Date(iso));
}

/** `27 November 2026` / `27. november 2026`, of an instant or a calendar day. */
export function formatDate(isoOrDay: string, locale: Locale): string {
	return dateIn(isoOrDay, locale, longDate, longDay);
}

/** `27/11/2026` / `27.11.2026`, for tables with little room (the claim PDF). */
export function formatShortDate(isoOrDay: string, locale: Locale): string {
	return dateIn(isoOrDay, locale, shortDate, shortDay);
}

/** `5 Dec 2026, 19:00–22:00`; the date repeats only when the end is on another day. */
export function formatDateTimeRange(startIso: string, endIso: string, locale: Locale): string {
	return dateTime(locale).formatRange(new Date(startIso), new Date(endIso));
}

/** `19:05` in Oslo time. */
export function formatTime(iso: string, locale: Locale): string {
	return time(locale).format(new Date(iso));
}

/**
 * `19:06` for 19:05:10 in Oslo time: the minute rounded up, so that "may come back at" never names
 * a moment before the one it stands for.
 */
export function formatTimeNotBefore(iso: string, locale: Locale): string {
	return formatTime(new Date(Math.ceil(Date.parse(iso) / 60_000) * 60_000).toISOString(), locale);
}

// Built only where used (the admin's server-written answers), so no page's browser code pays for it.
const conjunction = /* @__PURE__ */ perLocale(
	(l) => new Intl.ListFormat(l, { style: 'long', type: 'conjunction' })
);

/** "a, b and c" / "a, b og c". */
export function formatList(items: string[], locale: Locale): string {
	return conjunction(locale).format(items);
}
