import { describe, expect, it } from 'vitest';
import { amountSchema, claimTotals, mileageOre, parseAmount, parseDistance } from './money';

const MAX = 5_000_000;

describe('amounts typed in NOK', () => {
	it('reads what Norwegians and others type as whole øre', () => {
		const cases: [string | number, number][] = [
			['1234', 123_400],
			['1234,5', 123_450],
			['1234.5', 123_450],
			['1 234,50', 123_450],
			['1\u00a0234,50', 123_450],
			['1.234,50', 123_450],
			['1,234.50', 123_450],
			['0,01', 1],
			[' 99,9 ', 9_990],
			[12.5, 1_250]
		];
		for (const [typed, ore] of cases)
			expect(parseAmount(typed, MAX), String(typed)).toEqual({ ok: true, ore });
	});

	it('refuses negative, zero, more than two decimals, text and amounts over the maximum, saying why', () => {
		const cases: [string, string][] = [
			['-10', 'not_positive'],
			['0', 'not_positive'],
			['0,00', 'not_positive'],
			['1.234', 'too_many_decimals'],
			['10,005', 'too_many_decimals'],
			['abc', 'invalid'],
			['12kr', 'invalid'],
			['1,2,3', 'invalid'],
			['1.23.456,00', 'invalid'],
			['', 'invalid'],
			['50000,01', 'too_large'],
			['99999999999999999', 'too_large']
		];
		for (const [typed, reason] of cases) {
			expect(parseAmount(typed, MAX), typed).toEqual({ ok: false, reason });
		}
		expect(parseAmount('50000', MAX)).toEqual({ ok: true, ore: MAX });
	});

	it('as a zod field, gives øre or an issue whose message is the reason code', () => {
		expect(amountSchema(MAX).parse('1 234,50')).toBe(123_450);
		const refused = amountSchema(MAX).safeParse('-1');
		expect(refused.success).toBe(false);
		expect(refused.error?.issues[0]?.message).toBe('amount_not_positive');
	});
});

describe('mileage', () => {
	it('is the distance times the configured rate, to the nearest øre', () => {
		expect(parseDistance('12,5')).toBe(12_500);
		expect(parseDistance('40')).toBe(40_000);
		expect(mileageOre(12_500, 350)).toBe(4_375);
		expect(mileageOre(40_000, 499)).toBe(19_960);
		expect(mileageOre(100, 350)).toBe(35);
	});

	it('refuses a distance that is zero, negative, too precise or text', () => {
		for (const typed of ['0', '-3', '12,55', 'ten', '', '20000']) {
			expect(parseDistance(typed), typed).toBeNull();
		}
	});
});

describe('claim totals', () => {
	it('sums the lines and subtracts an advance from what is owed', () => {
		expect(claimTotals([{ amountOre: 10_000 }, { amountOre: 2_550 }], 5_000)).toEqual({
			totalOre: 12_550,
			advanceOre: 5_000,
			owedOre: 7_550,
			returnOre: 0
		});
	});

	it('never owes less than zero: an advance above the total is what the claimant returns', () => {
		expect(claimTotals([{ amountOre: 3_000 }], 5_000)).toEqual({
			totalOre: 3_000,
			advanceOre: 5_000,
			owedOre: 0,
			returnOre: 2_000
		});
	});
});
