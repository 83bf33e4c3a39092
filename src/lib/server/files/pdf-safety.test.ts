import { describe, expect, it } from 'vitest';
import { checkPdf } from './pdf-safety';
import { flateStream, pdf } from './test-fixtures';
import { FileRefused } from './types';

function verdict(bytes: Buffer): string {
	try {
		checkPdf(bytes);
		return 'accepted';
	} catch (error) {
		if (error instanceof FileRefused) return `${error.code}: ${error.message}`;
		throw error;
	}
}

describe('a PDF is kept only when it can do nothing but show pages', () => {
	it('accepts a plain PDF, one with a compressed page and one that opens at page 1', () => {
		expect(verdict(pdf())).toBe('accepted');
		expect(verdict(pdf({ objects: [flateStream('BT /F1 12 Tf (Total 100 NOK) Tj ET')] }))).toBe(
			'accepted'
		);
		expect(verdict(pdf({ catalog: '/OpenAction [3 0 R /Fit]' }))).toBe('accepted');
	});

	it('accepts a photo whose bytes happen to spell /JS or /AA, inside a stream of certain length', () => {
		expect(verdict(pdf({ objects: [imageStream(photoBytes(), 'exact')] }))).toBe('accepted');
	});

	it('looks at a stream’s data for /JS too when its length does not end at endstream', () => {
		expect(verdict(pdf({ objects: [imageStream(photoBytes(), 'wrong')] }))).toMatch(
			/^unsafe_pdf: the file holds \/JS/
		);
	});

	it('refuses JavaScript run when the document opens', () => {
		const bytes = pdf({
			catalog: '/OpenAction 4 0 R',
			objects: ['<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>']
		});
		expect(verdict(bytes)).toMatch(/^unsafe_pdf: the file holds \/JavaScript/);
	});

	it('refuses a name spelt with #xx escapes', () => {
		const bytes = pdf({ objects: ['<< /S /J#61vaScript /JS (app.alert(1)) >>'] });
		expect(verdict(bytes)).toMatch(/^unsafe_pdf/);
	});

	it('does not read compressed object streams: what hides there, the rebuild leaves behind', () => {
		const hidden = flateStream(
			'5 0 << /Type /Action /S /JavaScript /JS (app.alert(1)) >>',
			'/Type /ObjStm /N 1 /First 4'
		);
		expect(verdict(pdf({ catalog: '/OpenAction 5 0 R', objects: [hidden] }))).toBe('accepted');
	});

	it('refuses additional actions, launching a program and embedded files', () => {
		expect(verdict(pdf({ catalog: '/AA << /WC 4 0 R >>' }))).toMatch(/holds \/AA/);
		expect(verdict(pdf({ objects: ['<< /S /Launch /F (calc.exe) >>'] }))).toMatch(/\/Launch/);
		expect(
			verdict(pdf({ catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>' }))
		).toMatch(/\/EmbeddedFiles/);
	});

	it('refuses an encrypted PDF, whose streams cannot be checked', () => {
		const bytes = pdf().toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R');
		expect(verdict(Buffer.from(bytes, 'latin1'))).toMatch(/^unsafe_pdf: the file is encrypted/);
	});
});

// Bytes as in a JPEG's compressed data that happen to hold "/JS " and "/AA[" (high bytes only
// otherwise, so nothing else in them reads as PDF syntax).
function photoBytes(): Buffer {
	const bytes = Buffer.alloc(4096, 0xa7);
	bytes.write('/JS ', 1000, 'latin1');
	bytes.write('/AA[', 3000, 'latin1');
	return bytes;
}

function imageStream(data: Buffer, length: 'exact' | 'wrong'): Buffer {
	const declared = length === 'exact' ? data.length : data.length - 100;
	return Buffer.concat([
		Buffer.from(
			`<< /Type /XObject /Subtype /Image /Width 64 /Height 64 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /DCTDecode /Length ${declared} >>\nstream\n`,
			'latin1'
		),
		data,
		Buffer.from('\nendstream', 'latin1')
	]);
}
