import { describe, expect, it } from 'vitest';
import { describeReceipts } from './describe';
import { receiptFacts, type ReceiptFacts } from './facts';

const peppes: ReceiptFacts = {
	merchant: 'Peppes Pizza',
	date: '2026-03-12',
	totalOre: 23_400,
	currency: 'NOK',
	items: [
		{ text: 'Pizza Margherita', amountOre: 18_900 },
		{ text: 'Cola 0,5 l', amountOre: 4500 }
	]
};
const nothing = receiptFacts('~~ ;; |');

describe('a description of receipts, written without a model', () => {
	it('says what and from whom, in Norwegian and in English; one receipt’s date goes in the date field, not the text', () => {
		expect(describeReceipts([peppes], 'no')).toEqual({
			description: 'Pizza og drikke fra Peppes Pizza',
			items: [{ date: '2026-03-12', amountOre: 23_400, currency: 'NOK', merchant: 'Peppes Pizza' }]
		});
		expect(describeReceipts([peppes], 'en').description).toBe('Pizza and drinks from Peppes Pizza');
	});

	it('writes a Norwegian receipt’s items in English words in English text, and leaves out words it cannot', () => {
		const rema = receiptFacts(
			'REMA 1000\n14.03.2026\nBrød 39,90\nOst 89,00\nRømme 24,90\nLørdagsgodt 49,00\nSUM 203,70'
		);
		expect(describeReceipts([rema], 'en').description).toBe(
			'Bread, cheese and sour cream from Rema 1000'
		);
		expect(describeReceipts([rema], 'no').description).toBe('Brød, ost, rømme m.m. fra Rema 1000');
		const sweets = receiptFacts('KIWI\n14.03.2026\nLørdagsgodt 49,00\nSUM 49,00');
		expect(describeReceipts([sweets], 'en').description).toBe('Purchase from KIWI');
	});

	it('joins several receipts: their merchants, a date range and one line each', () => {
		const rema = receiptFacts('REMA 1000\n14.03.2026\nBrød 39,90\nOst 89,00\nSUM 128,90');
		const both = describeReceipts([peppes, rema], 'no');
		expect(both.description).toBe(
			'Pizza, drikke, brød m.m. fra Peppes Pizza og Rema 1000, 12.03.2026–14.03.2026'
		);
		expect(both.items).toHaveLength(2);
		expect(both.items[1]).toEqual({
			date: '2026-03-14',
			amountOre: 12_890,
			merchant: 'Rema 1000'
		});
	});

	it('says "Purchase" when no item could be read, and leaves out what is unknown', () => {
		const bare: ReceiptFacts = { ...peppes, items: [], date: null };
		expect(describeReceipts([bare], 'en').description).toBe('Purchase from Peppes Pizza');
		expect(describeReceipts([bare], 'no').description).toBe('Kjøp fra Peppes Pizza');
		const anonymous: ReceiptFacts = { ...peppes, merchant: null };
		expect(describeReceipts([anonymous], 'en').description).toBe('Pizza and drinks');
	});

	it('gives no description and no lines for receipts it could not read, instead of inventing one', () => {
		expect(describeReceipts([nothing], 'no')).toEqual({ description: null, items: [] });
		expect(describeReceipts([], 'en')).toEqual({ description: null, items: [] });
		const oneReadable = describeReceipts([nothing, peppes], 'en');
		expect(oneReadable.items).toHaveLength(1);
	});
});
