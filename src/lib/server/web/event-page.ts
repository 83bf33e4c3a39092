// The event page's fixed words and its facts in the page's language, made on the server: the page's
// first-visit JavaScript is at its 50 kB budget (docs/decisions.md), and none of this changes in
// the browser.
import { formatDateTimeRange, formatPrice } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

export function eventPageWords(
	event: { startsAt: string; endsAt: string; priceOre: number | null; capacity: number | null },
	locale: Locale
) {
	return {
		ended: m.events_detail_ended(),
		facts: m.events_detail_facts(),
		when: m.events_detail_when(),
		whenValue: formatDateTimeRange(event.startsAt, event.endsAt, locale),
		where: m.events_detail_where(),
		mapLink: m.events_map_link(),
		campus: m.events_detail_campus(),
		price: m.events_detail_price(),
		priceValue: event.priceOre ? formatPrice(event.priceOre, locale) : m.common_price_free(),
		capacity: m.events_detail_capacity(),
		capacityValue:
			event.capacity === null
				? m.events_detail_capacity_open()
				: m.events_detail_capacity_value({ count: event.capacity }),
		addToCalendar: m.events_add_to_calendar(),
		buy: m.events_detail_buy(),
		back: m.events_back()
	};
}
