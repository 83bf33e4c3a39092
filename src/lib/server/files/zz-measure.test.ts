import { test } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { objectBombPdf, hiddenScriptPdf } from './hostile-fixtures';
test('m', async () => {
	for (const n of [20000, 160000]) {
		const b = objectBombPdf(n);
		global.gc?.();
		const before = process.memoryUsage();
		const t = Date.now();
		const d = await PDFDocument.load(b, { updateMetadata: false });
		const after = process.memoryUsage();
		console.log(
			n,
			(b.length / 1048576).toFixed(1),
			'MiB',
			Date.now() - t,
			'ms heap +',
			((after.heapUsed - before.heapUsed) / 1e6).toFixed(0),
			'MB',
			d.getPageCount()
		);
	}
	for (const e of ['double-flate', 'predictor', 'hex-flate'] as const) {
		try {
			const d = await PDFDocument.load(hiddenScriptPdf(e));
			console.log(
				e,
				d.getPageCount(),
				String(d.catalog.get((await import('pdf-lib')).PDFName.of('OpenAction')))
			);
		} catch (err) {
			console.log(e, 'err', String(err));
		}
	}
}, 120000);
