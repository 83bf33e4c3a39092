// Receipt files made in code for the PDF tests and bench (no binary fixtures in the repository),
// and a reader that opens a finished PDF with pdf.js as a viewer would. Test and bench use only.
import jpeg from 'jpeg-js';
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { OPS, VerbosityLevel, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type Pixel = (x: number, y: number) => [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
	let c = 0xffffffff;
	for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
	const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.byteLength);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

/** A truecolour PNG (8 bits, no alpha, filter 0 on every row). */
export function pngBytes(width: number, height: number, pixel: Pixel): Uint8Array {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, 2, 0, 0, 0], 8);
	const raw = Buffer.alloc((width * 3 + 1) * height);
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (width * 3 + 1) + 1 + x * 3);
	return new Uint8Array(
		Buffer.concat([
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
			chunk('IHDR', header),
			chunk('IDAT', deflateSync(raw)),
			chunk('IEND', new Uint8Array())
		])
	);
}

/** A baseline JPEG from jpeg-js, the pure-JS encoder. */
export function jpegBytes(width: number, height: number, pixel: Pixel, quality = 80): Uint8Array {
	const data = Buffer.alloc(width * height * 4);
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const [r, g, b] = pixel(x, y);
			data.set([r, g, b, 255], (y * width + x) * 4);
		}
	return new Uint8Array(jpeg.encode({ data, width, height }, quality).data);
}

/** Paper-like content with grain, which compresses about as badly as a phone photo does. */
export function photoPixel(seed = 1, grain = 48): Pixel {
	let state = seed;
	const noise = () => {
		state = (state * 1103515245 + 12345) & 0x7fffffff;
		return (state >> 16) % grain;
	};
	return (x, y) => {
		const base = 170 + ((x >> 5) % 3) * 20 + ((y >> 6) % 2) * 15;
		return [base - noise(), base - noise(), base - 10 - noise()];
	};
}

/** A PDF whose pages carry the given texts. */
export async function pdfBytes(pageTexts: string[]): Promise<Uint8Array> {
	const doc = await PDFDocument.create();
	const font = await doc.embedFont(StandardFonts.Helvetica);
	for (const text of pageTexts)
		doc.addPage([420, 595]).drawText(text, { x: 40, y: 500, font, size: 14 });
	return doc.save();
}

/** A PDF whose trailer names an encryption dictionary, as every encrypted PDF's does. */
export async function encryptedPdfBytes(): Promise<Uint8Array> {
	const doc = await PDFDocument.create();
	doc.addPage();
	const encrypt = doc.context.obj({
		Filter: PDFName.of('Standard'),
		V: 2,
		R: 3,
		Length: 128,
		P: -4
	});
	doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
	return doc.save({ useObjectStreams: false });
}

// The 14 standard fonts' metrics, which pdf.js reads from disk for text drawn in Helvetica.
const STANDARD_FONTS =
	join(
		dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
		'standard_fonts'
	) + '/';

/** A one-page PDF with a script on opening the page, a script link and a plain web link. */
export async function pdfWithScripts(): Promise<Uint8Array> {
	const doc = await PDFDocument.create();
	const page = doc.addPage([420, 595]);
	const { context } = doc;
	const script = () =>
		context.obj({ S: PDFName.of('JavaScript'), JS: PDFString.of('app.alert(1)') });
	page.node.set(PDFName.of('AA'), context.obj({ O: script() }));
	const link = (action: PDFDict) =>
		context.register(
			context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [40, 40, 200, 80], A: action })
		);
	const web = context.obj({ S: PDFName.of('URI'), URI: PDFString.of('https://example.org/') });
	page.node.set(PDFName.of('Annots'), context.obj([link(script()), link(web)]));
	return doc.save();
}

export type ReadPage = {
	text: string;
	width: number;
	height: number;
	images: number;
	/** Every piece of text with its box, to see that none runs off the page. */
	items: { str: string; x: number; y: number; width: number }[];
};

/** Opens the PDF with pdf.js and returns each page's text, size and count of images drawn. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPage[]> {
	const doc = await getDocument({
		data: bytes.slice(),
		isEvalSupported: false,
		verbosity: VerbosityLevel.ERRORS,
		standardFontDataUrl: STANDARD_FONTS
	}).promise;
	try {
		const pages: ReadPage[] = [];
		for (let n = 1; n <= doc.numPages; n++) {
			const page = await doc.getPage(n);
			const [, , width = 0, height = 0] = page.view;
			const content = await page.getTextContent();
			const items = content.items.flatMap((item) =>
				'str' in item && item.str.trim()
					? [{ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width }]
					: []
			);
			const operators = await page.getOperatorList();
			const images = operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
			const text = items
				.map((i) => i.str)
				.join(' ')
				.replace(/\s+/g, ' ');
			pages.push({ text, width, height, images, items });
		}
		return pages;
	} finally {
		await doc.destroy();
	}
}

/** Text as readPdf gives it back: any run of white space (no-break ones too) is one space. */
export const plain = (text: string) => text.replace(/\s+/g, ' ');
