import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

	describe('the temporary folder of model links', () => {
		const temp = mkdtempSync(join(tmpdir(), 'orgweb-ocr-test-'));
		afterAll(() => rmSync(temp, { recursive: true, force: true }));

		it('is removed when the worker is closed, and a closed service reads again with a new one', async () => {
			const own = ocrService({ timeoutMs: 60_000, tempDir: temp });
			try {
				expect(await own.recognise(await receiptImage(['First worker']))).toMatch(/First worker/);
				// One worker, one folder holding the two languages' models.
				expect(readdirSync(temp)).toHaveLength(1);
				expect(readdirSync(join(temp, readdirSync(temp)[0]!)).sort()).toEqual([
					'eng.traineddata.gz',
					'nor.traineddata.gz'
				]);
				await own.close();
				expect(readdirSync(temp)).toEqual([]);

				expect(await own.recognise(await receiptImage(['Second worker']))).toMatch(/Second worker/);
				expect(readdirSync(temp)).toHaveLength(1);
				await own.close();
				expect(readdirSync(temp)).toEqual([]);
			} finally {
				await own.close();
			}
		});

		it('is removed with a worker that timed out (none starts for it later), and with one closed idle', async () => {
			const hasty = ocrService({ timeoutMs: 5, tempDir: temp });
			const refused = await hasty.recognise(await receiptImage(['Too slow'])).catch((e) => e);
			expect((refused as OcrRefused).code).toBe('ocr_timeout');
			await hasty.close();
			// The job was given up while its image was prepared: no worker starts for it afterwards.
			await new Promise((r) => setTimeout(r, 1500));
			expect(readdirSync(temp)).toEqual([]);

			const idle = ocrService({ timeoutMs: 60_000, idleMs: 200, tempDir: temp });
			try {
				expect(await idle.recognise(await receiptImage(['Idle soon']))).toMatch(/Idle soon/);
				await vi.waitFor(() => expect(readdirSync(temp)).toEqual([]), { timeout: 5000 });
			} finally {
				await idle.close();
			}
		});
	});
});
