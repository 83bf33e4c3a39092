// Photos of receipts for the OCR tests: the receipt's lines drawn by sharp (librsvg) in DejaVu
// Sans, black on white, as a flatbed scan would give them.
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
