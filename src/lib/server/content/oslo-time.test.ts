import { describe, expect, it } from 'vitest';
import { fromOsloInput, toOsloInput } from './oslo-time';

describe('Oslo time in the admin forms', () => {
	it('reads a winter and a summer time as the instants they name in Oslo', () => {
		expect(fromOsloInput('2026-12-12T18:00')).toBe('2026-12-12T17:00:00.000Z');
		expect(fromOsloInput('2026-06-20T18:30')).toBe('2026-06-20T16:30:00.000Z');
		expect(toOsloInput('2026-12-12T17:00:00.000Z')).toBe('2026-12-12T18:00');
		expect(toOsloInput('2026-06-20T16:30:00.000Z')).toBe('2026-06-20T18:30');
	});

	it('takes the clock changes as a person would', () => {
		// 29 March 2026: 02:00 becomes 03:00; 02:30 does not exist and is read as 03:30.
		expect(fromOsloInput('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
		expect(fromOsloInput('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
		// 25 October 2026: 02:30 happens twice; the first one is meant.
		expect(fromOsloInput('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
	});

	it('refuses what is not a date and time', () => {
		for (const bad of [
			'',
			'tomorrow',
			'2026-02-30T10:00',
			'2026-12-12 18:00',
			'2026-12-12T25:00'
		]) {
			expect(fromOsloInput(bad), bad).toBeNull();
		}
	});
});
