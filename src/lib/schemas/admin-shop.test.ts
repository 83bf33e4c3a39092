import { describe, expect, it } from 'vitest';
import { kronerText, parseKroner } from './admin-shop';

describe('kroner as typed', () => {
	it('reads whole kroner and kroner with øre in either decimal mark, with spaces between thousands', () => {
		expect(parseKroner('149')).toBe(14_900);
		expect(parseKroner('149,5')).toBe(14_950);
		expect(parseKroner('149.50')).toBe(14_950);
		expect(parseKroner('1 234,05')).toBe(123_405);
		expect(parseKroner('1\u00a0234')).toBe(123_400);
		expect(parseKroner('0')).toBe(0);
	});

	it('refuses what is not an amount in kroner', () => {
		for (const text of ['', '-5', '1,234.50', '12,345', '1e3', 'kr 100', '12.', ',5', 'NaN']) {
			expect(parseKroner(text), text).toBeNull();
		}
	});

	it('writes øre back as the form shows them, in the locale’s decimal mark', () => {
		expect(kronerText(14_900, 'no')).toBe('149');
		expect(kronerText(14_950, 'no')).toBe('149,50');
		expect(kronerText(14_905, 'en')).toBe('149.05');
		expect(kronerText(null, 'en')).toBe('');
	});
});
