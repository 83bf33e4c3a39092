import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { pdfBytes, pdfWithScripts, readPdf } from '../expenses/pdf/fixtures';
import {
	deepNestingPdf,
	flateBombPdf,
	hiddenScriptPdf,
	objectBombPdf,
	pdfScripts
} from './hostile-fixtures';
import { checkPdfLimits } from './pdf-limits';
import { rebuildPdf } from './pdf-rebuild';
import { flateStream, pdf } from './test-fixtures';
import { FileRefused } from './types';

async function limitVerdict(bytes: Buffer, limits?: Parameters<typeof checkPdfLimits>[1]) {
	try {
		await checkPdfLimits(bytes, limits);
		return 'within';
	} catch (error) {
		if (error instanceof FileRefused) return error.code;
		throw error;
	}
}

describe('the limits a PDF is held to before any PDF library sees it', () => {
	it('counts objects written out and packed in object streams', async () => {
		expect(await limitVerdict(objectBombPdf(19_990))).toBe('within');
		expect(await limitVerdict(objectBombPdf(20_000))).toBe('too_many_objects');
		const packed = flateStream('9 0 1 ', '/Type /ObjStm /N 30000 /First 6');
		expect(await limitVerdict(pdf({ objects: [packed] }))).toBe('too_many_objects');
	});

	it('refuses a stream that inflates past the budget, through a chain of filters', async () => {
		const bomb = await flateBombPdf(64 * 1024 * 1024);
		expect(bomb.length).toBeLessThan(64 * 1024);
		const limits = { maxObjects: 100, maxExpandedBytes: 32 * 1024 * 1024, maxStageBytes: 1 << 20 };
		expect(await limitVerdict(bomb, limits)).toBe('expands_too_much');
		expect(await limitVerdict(bomb, { ...limits, maxExpandedBytes: 128 * 1024 * 1024 })).toBe(
			'within'
		);
	});

	it('refuses a filter given by reference, whose output cannot be known', async () => {
		const bytes = pdf({ objects: ['<< /Length 4 /Filter 9 0 R >>\nstream\nabcd\nendstream'] });
		expect(await limitVerdict(bytes)).toBe('unreadable');
	});

	it('lets an ordinary PDF through', async () => {
		expect(await limitVerdict(Buffer.from(await pdfBytes(['Total 100 NOK'])))).toBe('within');
	});
});

describe('a PDF rebuilt from its pages', () => {
	it('keeps the pages and their text', async () => {
		const rebuilt = await rebuildPdf(await pdfBytes(['Invoice page one', 'Invoice page two']));
		if (!rebuilt.ok) throw new Error(rebuilt.reason);
		expect(rebuilt.pages).toBe(2);
		expect((await readPdf(rebuilt.bytes)).map((p) => p.text)).toEqual([
			'Invoice page one',
			'Invoice page two'
		]);
	});

	for (const encoding of ['double-flate', 'hex-flate'] as const) {
		it(`leaves a script hidden in an object stream (${encoding}) behind, as pdf.js sees it`, async () => {
			const sample = hiddenScriptPdf(encoding);
			expect(await pdfScripts(sample)).toContain("script OpenAction: app.alert('bypass')");
			const rebuilt = await rebuildPdf(sample);
			if (!rebuilt.ok) throw new Error(rebuilt.reason);
			expect(await pdfScripts(rebuilt.bytes)).toEqual([]);
			expect((await readPdf(rebuilt.bytes))[0]?.text).toContain('Receipt total 100 NOK');
		});
	}

	it('drops page scripts and script links, keeps a plain web link', async () => {
		const sample = await pdfWithScripts();
		expect((await pdfScripts(sample)).length).toBeGreaterThan(0);
		const rebuilt = await rebuildPdf(sample);
		if (!rebuilt.ok) throw new Error(rebuilt.reason);
		expect(await pdfScripts(rebuilt.bytes)).toEqual([]);
		const doc = await getDocument({ data: rebuilt.bytes.slice(), isEvalSupported: false }).promise;
		const annotations = await (await doc.getPage(1)).getAnnotations();
		// The script link is left without its action; the web link keeps its address.
		expect(annotations.map((a) => a.url).filter(Boolean)).toEqual(['https://example.org/']);
		await doc.destroy();
	});

	it('refuses what it cannot read: deep nesting, an unknown predictor, too many objects', async () => {
		expect(await rebuildPdf(deepNestingPdf(100_000))).toMatchObject({ ok: false });
		expect(await rebuildPdf(hiddenScriptPdf('predictor'))).toEqual({
			ok: false,
			reason: 'unreadable'
		});
		expect(await rebuildPdf(objectBombPdf(30_000))).toEqual({
			ok: false,
			reason: 'too_many_objects'
		});
	});

	it('refuses a file past its heap limit as too costly, the caller unharmed', async () => {
		// 19,000 objects fit the count, not a 16 MB heap.
		const limits = { maxObjects: 20_000, maxExpandedBytes: 1 << 30, maxStageBytes: 1 << 24 };
		const result = await rebuildPdf(objectBombPdf(19_000), { limits, heapMb: 16 });
		expect(result).toEqual({ ok: false, reason: 'too_costly' });
	});
});
