// What a claim's page prints for distances, rates and foreign amounts, in the page's locale;
// shared by server and browser (the server's money.ts parses, this only shows).
import { formatPrice } from '$lib/format';
import type { Locale } from '$lib/i18n';

const NUMBER_LOCALE: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };

/** Metres as kilometres with at most one decimal: "12,5" / "12.5". */
export function formatKm(distanceM: number, locale: Locale): string {
	return (distanceM / 1000).toLocaleString(NUMBER_LOCALE[locale], { maximumFractionDigits: 1 });
}

/** An amount in hundredths of a foreign currency, as a number with two decimals. */
export function formatForeign(hundredths: number, locale: Locale): string {
	return (hundredths / 100).toLocaleString(NUMBER_LOCALE[locale], {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2
	});
}

/** Øre per kilometre as kroner per kilometre: "3,50 kr/km". */
export function formatRate(orePerKm: number, locale: Locale): string {
	return `${formatPrice(orePerKm, locale)}/km`;
}
