import { afterAll, describe, expect, it } from 'vitest';
import { scannedPdf, textPdf } from '../documents/test-fixtures';
import { describeReceipts } from './describe';
import { receiptFacts } from './facts';
import { ocrService } from './ocr';
import {
	blankPdf,
	ENGLISH_RECEIPT,
	landscapeImage,
	NORWEGIAN_RECEIPT,
	plainColourImage,
	receiptImage
} from './test-fixtures';
import { receiptText } from './text';
import { suggestFromReceipts } from '.';

// From the stored receipt to the suggested description, with the real OCR engine and pdf.js.
describe('a description suggested from receipt files', () => {
	const ocr = ocrService({ timeoutMs: 60_000 });
	afterAll(() => ocr.close());

	it('describes a photo of a Norwegian receipt in Norwegian, with its total in øre', async () => {
		const read = await receiptText(ocr, {
			mimeType: 'image/jpeg',
			bytes: await receiptImage(NORWEGIAN_RECEIPT, 'jpeg')
		});
		if (!read.ok) throw new Error(read.reason);
		const facts = receiptFacts(read.text);
		expect(facts).toMatchObject({ merchant: 'Peppes Pizza', date: '2026-03-12', totalOre: 23_400 });
		expect(describeReceipts([facts], 'no')).toEqual({
			description: 'Pizza og drikke fra Peppes Pizza',
			items: [{ date: '2026-03-12', amountOre: 23_400, currency: 'NOK', merchant: 'Peppes Pizza' }]
		});
	});

	it('describes a photo of an English receipt in English', async () => {
		const read = await receiptText(ocr, {
			mimeType: 'image/png',
			bytes: await receiptImage(ENGLISH_RECEIPT)
		});
		if (!read.ok) throw new Error(read.reason);
		const facts = receiptFacts(read.text);
		expect(facts).toMatchObject({
			merchant: 'Corner Bookshop',
			date: '2026-03-14',
			totalOre: 745,
			currency: 'GBP'
		});
		expect(describeReceipts([facts], 'en').description).toBe(
			'Notebook and pens from Corner Bookshop'
		);
	});

	it("reads a PDF receipt's text layer without OCR, and refuses a scanned one as no_text_layer", async () => {
		const pdf = await textPdf([
			['Narvesen Oslo S', '30.01.2026', 'Kaffe latte  kr 49,-', 'Totalt  kr 49,-']
		]);
		const read = await receiptText(ocr, { mimeType: 'application/pdf', bytes: pdf });
		if (!read.ok) throw new Error(read.reason);
		expect(receiptFacts(read.text)).toMatchObject({
			merchant: 'Narvesen Oslo S',
			date: '2026-01-30',
			totalOre: 4900
		});
		expect(
			await receiptText(ocr, { mimeType: 'application/pdf', bytes: await scannedPdf() })
		).toEqual({
			ok: false,
			reason: 'no_text_layer'
		});
	});

	it('suggests one description for a photo and a PDF together, naming the file it could not read', async () => {
		const pdf = await textPdf([
			['Narvesen Oslo S', '14.03.2026', 'Kaffe latte  kr 49,-', 'Totalt  kr 49,-']
		]);
		const suggestion = await suggestFromReceipts(
			ocr,
			[
				{ mimeType: 'image/jpeg', bytes: await receiptImage(NORWEGIAN_RECEIPT, 'jpeg') },
				{ mimeType: 'application/pdf', bytes: await scannedPdf() },
				{ mimeType: 'application/pdf', bytes: pdf }
			],
			'en'
		);
		expect(suggestion.description).toBe(
			'Pizza and drinks from Peppes Pizza and Narvesen Oslo S, 12.03.2026–14.03.2026'
		);
		expect(suggestion.items.map((i) => i.amountOre)).toEqual([23_400, 4900]);
		expect(suggestion.unread).toEqual([{ index: 1, reason: 'no_text_layer' }]);
	});

	it('finds no receipt in a landscape, a plain colour, a blank page or a text with no date or amount', async () => {
		const suggestion = await suggestFromReceipts(
			ocr,
			[
				{ mimeType: 'image/jpeg', bytes: await landscapeImage() },
				{ mimeType: 'image/png', bytes: await plainColourImage() },
				{ mimeType: 'application/pdf', bytes: await blankPdf() },
				{
					mimeType: 'application/pdf',
					bytes: await textPdf([['Vedtekter for foreningen', 'Kapittel 1: Formål']])
				}
			],
			'no'
		);
		expect(suggestion).toMatchObject({ description: null, items: [], facts: [] });
		expect(suggestion.unread).toEqual([
			{ index: 0, reason: 'not_a_receipt' },
			{ index: 1, reason: 'not_a_receipt' },
			{ index: 2, reason: 'no_text_layer' },
			{ index: 3, reason: 'not_a_receipt' }
		]);
	});

	it('describes the receipt alone when a landscape comes with it, naming the landscape unread', async () => {
		const suggestion = await suggestFromReceipts(
			ocr,
			[
				{ mimeType: 'image/jpeg', bytes: await landscapeImage() },
				{ mimeType: 'image/png', bytes: await receiptImage(NORWEGIAN_RECEIPT) }
			],
			'no'
		);
		expect(suggestion.description).toBe('Pizza og drikke fra Peppes Pizza');
		expect(suggestion.unread).toEqual([{ index: 0, reason: 'not_a_receipt' }]);
	});

	it('refuses a photo past the OCR time limit as ocr_timeout', async () => {
		const hasty = ocrService({ timeoutMs: 1 });
		try {
			expect(
				await receiptText(hasty, {
					mimeType: 'image/png',
					bytes: await receiptImage(ENGLISH_RECEIPT)
				})
			).toEqual({
				ok: false,
				reason: 'ocr_timeout'
			});
		} finally {
			await hasty.close();
		}
	});
});
