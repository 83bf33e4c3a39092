import { describe, expect, it } from 'vitest';
import { osloDayStart, osloWallTime, parseDate } from './oslo-time';

describe('Oslo wall-clock time', () => {
	it('is UTC+1 in winter and UTC+2 in summer', () => {
		expect(osloWallTime(new Date('2026-12-05T18:00:00Z'))).toMatchObject({ day: 5, hour: 19 });
		expect(osloWallTime(new Date('2026-07-01T22:30:00Z'))).toMatchObject({
			month: 7,
			day: 2,
			hour: 0,
			minute: 30
		});
	});

	it('starts a day at local midnight, also on the days the clocks change', () => {
		expect(osloDayStart('2026-12-05')).toBe('2026-12-04T23:00:00.000Z');
		expect(osloDayStart('2026-07-01')).toBe('2026-06-30T22:00:00.000Z');
		// Clocks go forward at 02:00 on 29 March 2026 and back at 03:00 on 25 October 2026.
		expect(osloDayStart('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
		expect(osloDayStart('2026-03-29', 1)).toBe('2026-03-29T22:00:00.000Z');
		expect(osloDayStart('2026-10-25')).toBe('2026-10-24T22:00:00.000Z');
		expect(osloDayStart('2026-10-25', 1)).toBe('2026-10-25T23:00:00.000Z');
	});
});

describe('dates from a form', () => {
	it('accepts real calendar dates only', () => {
		expect(parseDate('2026-12-05')).toBe('2026-12-05');
		expect(parseDate(' 2028-02-29 ')).toBe('2028-02-29');
		for (const bad of ['2026-02-30', '2026-13-01', '5.12.2026', '', null, '2026-12-05T10:00']) {
			expect(parseDate(bad)).toBeUndefined();
		}
	});
});
