import { describe, expect, it } from 'vitest';
import {
	formatDate,
	formatDateTime,
	formatDateTimeRange,
	formatPrice,
	formatShortDate
} from './format';

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

describe('dates for people', () => {
	it('writes a calendar day as that day in each language, never as YYYY-MM-DD', () => {
		expect(formatDate('2026-11-27', 'en')).toBe('27 November 2026');
		expect(formatDate('2026-11-27', 'no')).toBe('27. november 2026');
		expect(formatShortDate('2026-11-27', 'en')).toBe('27/11/2026');
		expect(formatShortDate('2026-11-27', 'no')).toBe('27.11.2026');
	});

	it('writes an instant as its day in Oslo', () => {
		// 23:30 UTC on the 27th is already the 28th in Oslo.
		expect(formatDate('2026-11-27T23:30:00.000Z', 'en')).toBe('28 November 2026');
		expect(formatShortDate('2026-11-27T23:30:00.000Z', 'no')).toBe('28.11.2026');
	});
});
