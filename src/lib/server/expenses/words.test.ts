import { describe, expect, it } from 'vitest';
import { decisionMail, type MailClaim } from './mails';
import { CLAIM_STATUSES, statusLabel, statusNotice, statusText } from './words';

const claim: MailClaim = {
	id: 'c1',
	claimantId: 'u1',
	purpose: 'Julebord',
	totalOre: 125_000,
	owedOre: 125_000,
	claimantName: 'Kari',
	claimantEmail: 'kari@example.org',
	unitName: { no: 'Arrangementsutvalget', en: 'Events Committee' },
	payoutDate: '2026-11-27',
	rejectionReason: 'Kvitteringen mangler'
};

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

	it('tells the claimant of every step but the ones they took themselves', () => {
		const told = CLAIM_STATUSES.filter((s) => statusNotice(s) !== null);
		expect(told).toEqual(['submitted', 'awaiting_finance', 'approved', 'rejected', 'paid']);
		const to = { name: 'Kari', email: 'kari@example.org', locale: 'no' };
		expect(decisionMail(to, claim, 'submitted', '')?.kind).toBe('expense-received');
		expect(decisionMail(to, claim, 'rejected', '')?.text).toContain('Kvitteringen mangler');
		expect(decisionMail(to, claim, 'withdrawn', '')).toBeNull();
	});
});
