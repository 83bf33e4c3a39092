// Building an expense claim's PDF with five receipts of realistic size (three 2560 × 1920 phone
// photos of 1–2 MB, a one-page invoice PDF and a three-page scanned PDF), against a baseline
// measured in the same run: the same receipts put into an empty PDFDocument with pdf-lib and
// nothing else (no cover, no font, no checks). A cover-only claim shows the font's share.
// Run: node bench/expense-pdf.mjs   (sets EXPENSE_PDF_BENCH=1; without it this file is skipped,
// so the shop part of `npm run bench`, which runs every bench file, does not pay for it)
import { PDFDocument } from 'pdf-lib';
import { bench, describe } from 'vitest';
import { buildClaimPdf, type ClaimPdfInput } from '../src/lib/server/expenses/pdf';
import { jpegBytes, pdfBytes, photoPixel } from '../src/lib/server/expenses/pdf/fixtures';

const enabled = process.env.EXPENSE_PDF_BENCH === '1';

async function scannedPdf(pages: number): Promise<Uint8Array> {
	const doc = await PDFDocument.create();
	for (let i = 0; i < pages; i++) {
		const scan = await doc.embedJpg(jpegBytes(1240, 1754, photoPixel(10 + i), 60));
		doc.addPage([595.28, 841.89]).drawImage(scan, { x: 0, y: 0, width: 595.28, height: 841.89 });
	}
	return doc.save();
}

async function fixtures(): Promise<ClaimPdfInput> {
	const photos = [1, 2, 3].map((seed) => jpegBytes(2560, 1920, photoPixel(seed, 32), 85));
	const receipts: ClaimPdfInput['receipts'] = [
		...photos.map((bytes, i) => ({
			name: `IMG_20261102_${i}.jpg`,
			mime: 'image/jpeg' as const,
			bytes
		})),
		{ name: 'faktura.pdf', mime: 'application/pdf', bytes: await pdfBytes(['Faktura 2026-117']) },
		{ name: 'skannet.pdf', mime: 'application/pdf', bytes: await scannedPdf(3) }
	];
	const lines = receipts.map((r, i) => ({
		date: '2026-11-02',
		description: `Innkjøp ${i + 1}`,
		amountOre: 12_345 * (i + 1),
		kind: { type: 'receipt' as const }
	}));
	const total = lines.reduce((sum, l) => sum + l.amountOre, 0);
	const sizes = receipts.map((r) => `${r.name} ${(r.bytes.byteLength / 1e6).toFixed(2)} MB`);
	console.log(`receipts: ${sizes.join(', ')}`);
	return {
		locale: 'no',
		id: 'fs-bench',
		claimant: { name: 'Åse Ødegård', email: 'ase@example.org' },
		purpose: 'Rekrutteringsstand',
		campus: 'Gløshaugen',
		unit: 'Abakus',
		status: 'approved',
		createdAt: '2026-11-10T09:15:00.000Z',
		submittedAt: '2026-11-10T09:30:00.000Z',
		lines,
		totalOre: total,
		advanceOre: 0,
		owedOre: total,
		payoutAccount: '**** ** 12345',
		trail: [{ at: '2026-11-11T12:00:00.000Z', actor: 'Kari Nordmann', action: 'approved' }],
		receipts
	};
}

const claim = enabled ? await fixtures() : undefined;
const options = { iterations: 10, time: 0, warmupIterations: 2, warmupTime: 0 };

describe.runIf(enabled)('expense claim PDF with five receipts', () => {
	bench(
		'claimPdf: cover and five receipts',
		async () => {
			const { pdf, skippedReceipts } = await buildClaimPdf(claim!);
			if (skippedReceipts.length > 0) throw new Error('a receipt was skipped');
			if (pdf.byteLength < 3e6) throw new Error(`only ${pdf.byteLength} bytes`);
		},
		options
	);

	bench(
		'baseline: the same receipts into an empty PDFDocument',
		async () => {
			const doc = await PDFDocument.create();
			for (const receipt of claim!.receipts) {
				if (receipt.mime === 'application/pdf') {
					const source = await PDFDocument.load(receipt.bytes);
					for (const page of await doc.copyPages(source, source.getPageIndices()))
						doc.addPage(page);
				} else {
					const image = await doc.embedJpg(receipt.bytes);
					doc.addPage().drawImage(image, { x: 0, y: 0, width: 500, height: 375 });
				}
			}
			await doc.save();
		},
		options
	);

	bench(
		'cover only: the same claim without receipts',
		async () => {
			await buildClaimPdf({ ...claim!, receipts: [] });
		},
		options
	);
});
