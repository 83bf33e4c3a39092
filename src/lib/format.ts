// Locale-aware formatting shared by server and browser. Prices are whole øre; times are shown in
// Europe/Oslo whatever the server's zone. Building an Intl formatter costs far more than using one,
// so each (locale, style) formatter is built once and kept.
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
const time = perLocale(
	(l) => new Intl.DateTimeFormat(l, { timeStyle: 'short', timeZone: TIME_ZONE })
);

export function formatPrice(ore: number, locale: Locale): string {
	return (ore % 100 === 0 ? wholeKroner : withOre)(locale).format(ore / 100);
}

export function formatDateTime(iso: string, locale: Locale): string {
	return dateTime(locale).format(new Date(iso));
}

export function formatDate(iso: string, locale: Locale): string {
	return longDate(locale).format(new Date(iso));
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
