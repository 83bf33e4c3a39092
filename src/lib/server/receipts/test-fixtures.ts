// Photos of receipts for the OCR tests: the receipt's lines drawn by sharp (librsvg) in DejaVu
// Sans, black on white, as a flatbed scan would give them; and files that are no receipt at all
// (a photo of a landscape, of a plain colour, a blank PDF page).
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export async function receiptImage(
	lines: string[],
	format: 'png' | 'jpeg' = 'png'
): Promise<Buffer> {
	const width = 700;
	const height = 60 + lines.length * 44;
	const text = lines
		.map(
			(line, i) => `<text x="40" y="${60 + i * 44}" xml:space="preserve">${escapeXml(line)}</text>`
		)
		.join('');
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/><g font-family="DejaVu Sans" font-size="28" fill="black">${text}</g></svg>`;
	const image = sharp(Buffer.from(svg));
	return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

export const NORWEGIAN_RECEIPT = [
	'PEPPES PIZZA',
	'Org.nr 912 345 678 MVA',
	'Karl Johans gate 1, Oslo',
	'Dato: 12.03.2026',
	'Pizza Margherita      189,00',
	'Cola 0,5 l             45,00',
	'TOTALT           kr   234,00'
];

export const ENGLISH_RECEIPT = [
	'CORNER BOOKSHOP',
	'12 High Street, London',
	'March 14, 2026',
	'Notebook A5            4.50',
	'Pens (pack of 3)       2.95',
	'TOTAL GBP              7.45'
];

/** A photo of a landscape: sky, sun, snowy mountains, a lake and grass; no text anywhere. */
export async function landscapeImage(format: 'png' | 'jpeg' = 'jpeg'): Promise<Buffer> {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a6fdb"/><stop offset="1" stop-color="#bfe3ff"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#sky)"/>
<circle cx="640" cy="120" r="60" fill="#ffd84d"/>
<polygon points="0,420 180,220 340,400 500,180 700,380 800,300 800,600 0,600" fill="#4d5b6a"/>
<polygon points="140,270 180,220 220,265" fill="white"/><polygon points="460,230 500,180 540,228" fill="white"/>
<rect y="480" width="800" height="120" fill="#3f8f3a"/>
<ellipse cx="200" cy="540" rx="120" ry="20" fill="#2f6fb0"/>
</svg>`;
	const image = sharp(Buffer.from(svg));
	return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/** A photo of one plain colour (a wall, a table top). */
export function plainColourImage(): Promise<Buffer> {
	return sharp({
		create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } }
	})
		.png()
		.toBuffer();
}

/** A PDF of one empty A4 page. */
export async function blankPdf(): Promise<Buffer> {
	const doc = await PDFDocument.create();
	doc.addPage([595, 842]);
	return Buffer.from(await doc.save({ useObjectStreams: false }));
}
