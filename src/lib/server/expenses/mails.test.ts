import { describe, expect, it } from 'vitest';
import { decisionMail, type MailClaim } from './mails';

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
