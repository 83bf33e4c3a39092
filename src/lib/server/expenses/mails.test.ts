import { describe, expect, it } from 'vitest';
import { decisionMail, type MailClaim } from './mails';
import { CLAIM_STATUSES, statusNotice } from './words';

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
	rejectionReason: null
};

describe('the payout mail', () => {
	it.each([
		['en', '27 November 2026'],
		['no', '27. november 2026']
	] as const)('names the payout day as people write it (%s), not as YYYY-MM-DD', (locale, day) => {
		const mail = decisionMail(
			{ name: 'Kari', email: 'kari@example.org', locale },
			claim,
			'paid',
			'https://org.example'
		)!;
		expect(mail.text).toContain(day);
		expect(mail.text).not.toContain('2026-11-27');
	});
});

describe("the claimant's mails", () => {
	it('tells the claimant of every step but the ones they took themselves', () => {
		const told = CLAIM_STATUSES.filter((s) => statusNotice(s) !== null);
		expect(told).toEqual(['submitted', 'awaiting_finance', 'approved', 'rejected', 'paid']);
		const to = { name: 'Kari', email: 'kari@example.org', locale: 'no' };
		expect(decisionMail(to, claim, 'submitted', '')?.kind).toBe('expense-received');
		const rejected = { ...claim, rejectionReason: 'Kvitteringen mangler' };
		expect(decisionMail(to, rejected, 'rejected', '')?.text).toContain('Kvitteringen mangler');
		expect(decisionMail(to, claim, 'withdrawn', '')).toBeNull();
	});
});
