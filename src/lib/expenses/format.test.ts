import { describe, expect, it } from 'vitest';
import { formatForeign, formatKm } from './format';
import { isClaimStatus, refusalMessage, trailActionLabel } from '../server/expenses/words';

describe('expense formatting', () => {
	it('shows distances in kilometres with at most one decimal, in the locale’s decimal mark', () => {
		expect(formatKm(12_500, 'no')).toBe('12,5');
		expect(formatKm(12_500, 'en')).toBe('12.5');
		expect(formatKm(40_000, 'en')).toBe('40');
	});

	it('shows a foreign amount with two decimals', () => {
		expect(formatForeign(8_000, 'no')).toBe('80,00');
		expect(formatForeign(123_456, 'en')).toBe('1,234.56');
	});

	it('knows the seven statuses and nothing else', () => {
		expect(isClaimStatus('awaiting_finance')).toBe(true);
		expect(isClaimStatus('deleted')).toBe(false);
		expect(isClaimStatus(undefined)).toBe(false);
	});

	it('shows a trail action without words as its code, and an unknown refusal as the general one', () => {
		expect(trailActionLabel('merged_later')).toBe('merged_later');
		expect(refusalMessage('no_such_code')).toBe(refusalMessage('invalid'));
		expect(refusalMessage('stale')).not.toBe(refusalMessage('invalid'));
	});
});
