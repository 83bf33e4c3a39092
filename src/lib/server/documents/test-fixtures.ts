// Documents for the documents tests, made at run time: PDFs drawn by pdf-lib (with a text layer,
// or only a picture, as a scanner makes them); Word documents come from files/test-fixtures.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A PDF whose pages hold `pages` (each a list of lines, drawn top-down in Helvetica). */
export async function textPdf(pages: string[][], title?: string): Promise<Buffer> {
	const doc = await PDFDocument.create();
	if (title) doc.setTitle(title);
	const font = await doc.embedFont(StandardFonts.Helvetica);
	for (const lines of pages) {
		const page = doc.addPage([595, 842]);
		lines.forEach((line, i) => page.drawText(line, { x: 50, y: 790 - i * 18, size: 11, font }));
	}
	return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A scanned page: a picture of text and no text layer. */
export async function scannedPdf(): Promise<Buffer> {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="white"/><text x="20" y="100" font-size="40" font-family="DejaVu Sans">Vedtekter for foreningen</text></svg>`;
	const png = await sharp(Buffer.from(svg)).png().toBuffer();
	const doc = await PDFDocument.create();
	const image = await doc.embedPng(png);
	doc.addPage([595, 842]).drawImage(image, { x: 0, y: 600, width: 595, height: 200 });
	return Buffer.from(await doc.save({ useObjectStreams: false }));
}
