import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, osloLocal } from './ical';

describe('iCalendar lines', () => {
	it('fold at 75 octets without splitting a character, and unfold to the same line', () => {
		const line = 'DESCRIPTION:' + 'ø✓a'.repeat(60);
		const folded = foldLine(line);
		for (const part of folded.split('\r\n')) {
			expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
		}
		expect(folded.replace(/\r\n /g, '')).toBe(line);
	});

	it('escape the characters TEXT reserves', () => {
		expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
	});

	it('write times as Oslo wall-clock times, summer and winter', () => {
		expect(osloLocal('2026-12-05T18:00:00.000Z')).toBe('20261205T190000');
		expect(osloLocal('2026-06-20T16:30:00.000Z')).toBe('20260620T183000');
	});
});
