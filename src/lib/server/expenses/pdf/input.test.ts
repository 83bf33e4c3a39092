import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../audit';
import { buildClaimPdf } from '.';
import { plain, readPdf } from './fixtures';
import { claimPdfInput } from './input';
import type { ClaimDetail, ExpenseLine } from '..';

const AT = '2026-11-20T10:00:00.000Z';
let entries = 0;
const entry = (actor: string, action: string, details: Record<string, unknown> = {}) =>
	({
		id: String(++entries),
		at: AT,
		actor,
		subjectType: 'expense_claim',
		subjectId: 'c-1',
		action,
		details
	}) satisfies AuditRecord;

const line = (overrides: Partial<ExpenseLine>): ExpenseLine => ({
	id: 'l',
	kind: 'receipt',
	date: '2026-11-18',
	description: 'Conference fee',
	merchant: 'Messe GmbH',
	amountOre: 10_000,
	currency: null,
	originalHundredths: null,
	distanceM: null,
	rateOrePerKm: null,
	from: null,
	to: null,
	fileId: null,
	overLimit: false,
	...overrides
});

function detail(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
	const lines = overrides.lines ?? [line({})];
	const totalOre = lines.reduce((sum, l) => sum + l.amountOre, 0);
	const advanceOre = overrides.totals?.advanceOre ?? 0;
	return {
		id: 'c-1',
		claimantId: 'u-claimant',
		campusId: 'oslo',
		unitId: 'board-oslo',
		purpose: 'Autumn conference',
		status: 'awaiting_finance',
		totals: {
			totalOre,
			advanceOre,
			owedOre: Math.max(0, totalOre - advanceOre),
			returnOre: Math.max(0, advanceOre - totalOre)
		},
		version: 4,
		createdAt: AT,
		submittedAt: AT,
		decidedAt: AT,
		paidAt: null,
		payoutDate: null,
		eventId: null,
		projectId: 'p-1',
		rejectionReason: null,
		payoutAccount: '•••• •• •7947',
		accountErased: false,
		accountUnreadable: false,
		overLimit: false,
		duplicates: [],
		receipts: {},
		trail: [],
		names: {
			claimant: { name: 'Åse Ødegård', email: 'ase@example.org' },
			campus: 'Oslo',
			unit: { no: 'Styret i Oslo', en: 'Oslo Board' },
			event: null,
			project: { no: 'Rekruttering', en: 'Recruitment' },
			people: { 'u-claimant': 'Åse Ødegård', 'u-leader': 'Lars Leder' }
		},
		actions: [],
		viewer: { isClaimant: false, authority: 'finance' },
		...overrides,
		lines
	};
}

describe('the claim PDF of a claim as its reader may see it', () => {
	it('names the unit and project in the reader’s locale and prints the account as the detail shows it', () => {
		const input = claimPdfInput(detail(), 'en', []);
		expect(input).toMatchObject({
			locale: 'en',
			unit: 'Oslo Board',
			eventOrProject: 'Recruitment',
			status: 'awaiting_finance',
			payoutAccount: '•••• •• •7947',
			claimant: { name: 'Åse Ødegård', email: 'ase@example.org' }
		});
		expect(claimPdfInput(detail(), 'no', [])).toMatchObject({
			unit: 'Styret i Oslo',
			eventOrProject: 'Rekruttering'
		});
	});

	it('keeps the decisions in the approval trail, by name, and leaves out edits and looks at the account', async () => {
		const trail = [
			entry('u-claimant', 'create'),
			entry('u-claimant', 'edit'),
			entry('u-claimant', 'submit'),
			entry('u-leader', 'approve', { from: 'submitted', to: 'awaiting_finance' }),
			entry('u-finance-gone', 'reject', { reason: 'Receipt unreadable' }),
			entry('u-finance-gone', 'account_revealed'),
			entry('system:cleanup', 'account_erased')
		];
		const input = claimPdfInput(detail({ trail }), 'en', []);
		expect(input.trail.map(({ actor, action, reason }) => [actor, action, reason])).toEqual([
			['Åse Ødegård', 'created', null],
			['Åse Ødegård', 'submitted', null],
			['Lars Leder', 'sent_to_finance', null],
			['u-finance-gone', 'rejected', 'Receipt unreadable'],
			['orgweb (automatic)', 'account_erased', null]
		]);
		const cover = plain((await readPdf((await buildClaimPdf(input)).pdf))[0]!.text);
		for (const text of [
			'Approved by a leader, awaiting finance',
			'Approved, sent to finance',
			'Receipt unreadable',
			'Payout account erased'
		]) {
			expect(cover).toContain(text);
		}
	});

	it('prints mileage and a foreign amount in the currency’s own minor unit', async () => {
		const lines = [
			line({ currency: 'JPY', originalHundredths: 150_000, amountOre: 10_512 }),
			line({ currency: 'EUR', originalHundredths: 5_000, amountOre: 58_712 }),
			line({
				kind: 'mileage',
				merchant: null,
				description: 'Driving the stand',
				distanceM: 12_500,
				rateOrePerKm: 350,
				from: 'Blindern',
				to: 'Bislett',
				amountOre: 4_375
			})
		];
		const input = claimPdfInput(detail({ lines }), 'en', []);
		expect(input.lines.map((l) => l.original)).toEqual([
			{ currency: 'JPY', amountMinor: 1500 },
			{ currency: 'EUR', amountMinor: 5000 },
			undefined
		]);
		expect(input.lines[2]?.kind).toEqual({
			type: 'mileage',
			km: 12.5,
			from: 'Blindern',
			to: 'Bislett',
			rateOre: 350
		});
		const cover = plain((await readPdf((await buildClaimPdf(input)).pdf))[0]!.text);
		expect(cover).toContain('¥1,500');
		expect(cover).toContain('€50.00');
		expect(cover).toContain('12.5 km, Blindern to Bislett');
	});

	it('builds for a draft without lines and for an advance larger than the claim', async () => {
		const empty = claimPdfInput(detail({ lines: [], status: 'draft' }), 'no', []);
		expect((await buildClaimPdf(empty)).coverPages).toBe(1);
		const overpaid = claimPdfInput(
			detail({ totals: { totalOre: 10_000, advanceOre: 20_000, owedOre: 0, returnOre: 10_000 } }),
			'no',
			[]
		);
		expect(overpaid.owedOre).toBe(10_000 - 20_000);
		expect((await buildClaimPdf(overpaid)).coverPages).toBe(1);
	});

	it('prints the payout date once paid, and says when the account was erased', async () => {
		const paid = detail({
			status: 'paid',
			payoutDate: '2026-11-21',
			payoutAccount: null,
			accountErased: true
		});
		const cover = plain(
			(await readPdf((await buildClaimPdf(claimPdfInput(paid, 'en', []))).pdf))[0]!.text
		);
		expect(cover).toContain('Payout date');
		expect(cover).toContain('Erased after the retention period');
	});
});
