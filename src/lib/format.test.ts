import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeRange, formatPrice } from './format';

describe('formatting', () => {
	it('formats øre as NOK per locale', () => {
		// Intl separates with non-breaking spaces; compare with plain ones.
		const plain = (s: string) => s.replace(/\s/g, ' ');
		expect(plain(formatPrice(49_900, 'no'))).toBe('499 kr');
		expect(plain(formatPrice(49_900, 'en'))).toBe('NOK 499');
		expect(plain(formatPrice(1_050, 'en'))).toBe('NOK 10.50');
	});

	it('shows times in Oslo time, not the server zone', () => {
		// 18:00 UTC on a winter day is 19:00 in Oslo.
		expect(formatDateTime('2026-12-05T18:00:00.000Z', 'en')).toContain('19:00');
	});
});

describe('time ranges', () => {
	const plain = (s: string) => s.replace(/\s/g, ' ');

	it('shows an evening in Oslo time with the date once', () => {
		expect(
			plain(formatDateTimeRange('2026-12-05T18:00:00.000Z', '2026-12-05T21:00:00.000Z', 'en'))
		).toBe('5 Dec 2026, 19:00–22:00');
	});

	it('repeats the date when the event ends after midnight in Oslo', () => {
		const text = plain(
			formatDateTimeRange('2026-12-05T18:00:00.000Z', '2026-12-06T00:00:00.000Z', 'no')
		);
		expect(text).toContain('19:00');
		expect(text).toContain('6. des. 2026, 01:00');
	});
});
