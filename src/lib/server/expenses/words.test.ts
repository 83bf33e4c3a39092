import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, statusLabel, statusText } from './words';

describe("a claim's status in words", () => {
	it('has a word for the page and one for the PDF in both languages', () => {
		for (const status of CLAIM_STATUSES) {
			for (const locale of ['no', 'en'] as const) {
				expect(statusLabel(status, locale)).not.toBe(status);
				expect(statusText(status, locale)).not.toBe('');
			}
		}
		expect(statusLabel('approved', 'no')).toBe('Godkjent');
		expect(statusText('awaiting_finance', 'en')).toBe('Approved by a leader, awaiting finance');
	});
});
