// The page and the one flowing primitive the claim PDF's pages share: wrapped text. The cover
// (cover.ts) and the receipt pages (receipts.ts) both draw on it, so it sits below them both.
import type { PDFFont, PDFPage } from 'pdf-lib';

export const A4: [number, number] = [595.28, 841.89];
export const LEADING = 1.35;

/** Breaks text into lines no wider than `width`, splitting words only when one alone is wider. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
	const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
	const lines: string[] = [];
	let current = '';
	for (let word of text.split(/ +/)) {
		const candidate = current ? `${current} ${word}` : word;
		if (fits(candidate)) {
			current = candidate;
			continue;
		}
		if (current) lines.push(current);
		while (!fits(word)) {
			const chars = Array.from(word);
			let take = 1;
			while (take < chars.length && fits(chars.slice(0, take + 1).join(''))) take++;
			lines.push(chars.slice(0, take).join(''));
			word = chars.slice(take).join('');
		}
		current = word;
	}
	if (current || lines.length === 0) lines.push(current);
	return lines;
}

export type At = { x: number; y: number; font: PDFFont; size: number };

/** Draws wrapped text from baseline `y` down; returns the baseline for the next line. */
export function drawWrapped(page: PDFPage, text: string, at: At, width: number): number {
	let y = at.y;
	for (const line of wrapText(text, at.font, at.size, width)) {
		page.drawText(line, { x: at.x, y, font: at.font, size: at.size });
		y -= at.size * LEADING;
	}
	return y;
}
