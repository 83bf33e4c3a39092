// Locale-aware formatting shared by server and browser. Prices are whole øre; times are shown in
// Europe/Oslo whatever the server's zone.
import type { Locale } from '$lib/i18n';

const INTL_LOCALE: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };
export const TIME_ZONE = 'Europe/Oslo';

export function formatPrice(ore: number, locale: Locale): string {
	return new Intl.NumberFormat(INTL_LOCALE[locale], {
		style: 'currency',
		currency: 'NOK',
		minimumFractionDigits: ore % 100 === 0 ? 0 : 2
	}).format(ore / 100);
}

export function formatDateTime(iso: string, locale: Locale): string {
	return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone: TIME_ZONE
	}).format(new Date(iso));
}

export function formatDate(iso: string, locale: Locale): string {
	return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
		dateStyle: 'long',
		timeZone: TIME_ZONE
	}).format(new Date(iso));
}

/** `5 Dec 2026, 19:00–22:00`; the date repeats only when the end is on another day. */
export function formatDateTimeRange(startIso: string, endIso: string, locale: Locale): string {
	return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone: TIME_ZONE
	}).formatRange(new Date(startIso), new Date(endIso));
}

/** `19:05` in Oslo time. */
export function formatTime(iso: string, locale: Locale): string {
	return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
		timeStyle: 'short',
		timeZone: TIME_ZONE
	}).format(new Date(iso));
}
