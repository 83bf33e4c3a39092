import { afterAll, describe, expect, it } from 'vitest';
import { ocrService, OcrRefused } from './ocr';
import { ENGLISH_RECEIPT, NORWEGIAN_RECEIPT, receiptImage } from './test-fixtures';

// The machine runs these offline: the models come from node_modules or not at all.
describe('OCR of receipt photos', () => {
	const ocr = ocrService({ timeoutMs: 60_000 });
	afterAll(() => ocr.close());

	it('reads a Norwegian receipt: merchant, date and total with øre', async () => {
		const text = await ocr.recognise(await receiptImage(NORWEGIAN_RECEIPT, 'jpeg'));
		expect(text).toMatch(/PEPPES PIZZA/);
		expect(text).toMatch(/12\.03\.2026/);
		expect(text).toMatch(/TOTALT.*234,00/);
	});

	it('reads an English receipt, queued behind another job', async () => {
		const [first, second] = await Promise.all([
			ocr.recognise(await receiptImage(ENGLISH_RECEIPT)),
			ocr.recognise(await receiptImage(['Second job', 'TOTAL 1,00']))
		]);
		expect(first).toMatch(/CORNER BOOKSHOP/);
		expect(first).toMatch(/TOTAL GBP\s+7\.45/);
		expect(second).toMatch(/Second job/);
	});

	it('refuses a job past its time limit with ocr_timeout, and reads the next one with a fresh worker', async () => {
		const hasty = ocrService({ timeoutMs: 5 });
		const refused = await hasty
			.recognise(await receiptImage(NORWEGIAN_RECEIPT))
			.catch((e: unknown) => e);
		expect(refused).toBeInstanceOf(OcrRefused);
		expect((refused as OcrRefused).code).toBe('ocr_timeout');
		await hasty.close();
		expect(await ocr.recognise(await receiptImage(['Still working']))).toMatch(/Still working/);
	});

	it('refuses bytes that are no image as unreadable', async () => {
		const refused = await ocr.recognise(Buffer.from('not an image')).catch((e: unknown) => e);
		expect((refused as OcrRefused).code).toBe('unreadable');
	});
});
