import { describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';

// Counts shown to people take the word's singular at one, in both languages.
describe('counts in words', () => {
	it.each([
		[m.inbox_new_count({ count: 1 }, { locale: 'no' }), '1 ny'],
		[m.inbox_new_count({ count: 3 }, { locale: 'no' }), '3 nye'],
		[m.inbox_header_new({ count: 1 }, { locale: 'no' }), '1 ny i innboksen'],
		[m.inbox_header_new({ count: 2 }, { locale: 'no' }), '2 nye i innboksen'],
		[m.inbox_header_new({ count: 1 }, { locale: 'en' }), '1 new in the inbox'],
		[m.applications_inbox_counts({ count: 1, received: 1 }, { locale: 'no' }), '1 søknad, 1 ny'],
		[m.applications_inbox_counts({ count: 2, received: 0 }, { locale: 'no' }), '2 søknader, 0 nye'],
		[
			m.applications_inbox_counts({ count: 1, received: 1 }, { locale: 'en' }),
			'1 application, 1 new'
		],
		[m.events_count({ count: 1 }, { locale: 'no' }), '1 arrangement'],
		[m.events_count({ count: 1 }, { locale: 'en' }), '1 event'],
		[m.events_count({ count: 12 }, { locale: 'en' }), '12 events'],
		[m.events_detail_capacity_value({ count: 1 }, { locale: 'no' }), '1 plass'],
		[m.events_detail_capacity_value({ count: 1 }, { locale: 'en' }), '1 place'],
		[m.search_results_count({ count: 1 }, { locale: 'en' }), '1 result'],
		[
			m.admin_dashboard_assistant_misses({ count: 1 }, { locale: 'en' }),
			'1 question without an answer lately'
		]
	])('%s', (shown, expected) => {
		expect(shown).toBe(expected);
	});
});
