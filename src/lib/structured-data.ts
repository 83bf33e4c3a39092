// schema.org JSON-LD objects for the organisation, events and products: pure functions over
// plain values, for the home, event and product pages.
import type { Locale } from '$lib/i18n';
import { OG_IMAGE, type JsonLd } from './seo';

export function organizationLd(input: {
	origin: string;
	name: string;
	description: string;
	locale: Locale;
}): JsonLd {
	return {
		'@context': 'https://schema.org',
		'@type': 'Organization',
		'@id': `${input.origin}/#organization`,
		name: input.name,
		description: input.description,
		url: `${input.origin}/${input.locale}`,
		logo: `${input.origin}/favicon.svg`
	};
}

export function eventLd(input: {
	url: string;
	origin: string;
	organisation: string;
	name: string;
	description: string;
	startsAt: string;
	endsAt: string;
	location: string;
	priceOre: number | null;
	ticketUrl: string | null;
	locale: Locale;
}): JsonLd {
	return {
		'@context': 'https://schema.org',
		'@type': 'Event',
		name: input.name,
		description: input.description,
		url: input.url,
		inLanguage: input.locale === 'no' ? 'nb' : 'en',
		startDate: input.startsAt,
		endDate: input.endsAt,
		eventStatus: 'https://schema.org/EventScheduled',
		eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
		location: { '@type': 'Place', name: input.location, address: input.location },
		image: [input.origin + OG_IMAGE.path],
		organizer: { '@type': 'Organization', name: input.organisation, url: input.origin },
		offers: {
			'@type': 'Offer',
			price: ((input.priceOre ?? 0) / 100).toFixed(2),
			priceCurrency: 'NOK',
			url: input.ticketUrl ?? input.url,
			availability: 'https://schema.org/InStock'
		}
	};
}

export function productLd(input: {
	url: string;
	origin: string;
	id: string;
	name: string;
	description: string;
	image: string | null;
	priceOre: number;
	isAvailable: boolean;
}): JsonLd {
	return {
		'@context': 'https://schema.org',
		'@type': 'Product',
		sku: input.id,
		name: input.name,
		description: input.description,
		url: input.url,
		image: [input.origin + (input.image ?? OG_IMAGE.path)],
		offers: {
			'@type': 'Offer',
			price: (input.priceOre / 100).toFixed(2),
			priceCurrency: 'NOK',
			url: input.url,
			availability: input.isAvailable
				? 'https://schema.org/InStock'
				: 'https://schema.org/OutOfStock'
		}
	};
}
