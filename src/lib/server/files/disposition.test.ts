import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitiseFileName, withExtension } from './disposition';

describe('the uploader’s file name', () => {
	it('loses any path, control characters, quotes and leading dots', () => {
		expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
		expect(sanitiseFileName('C:\\Users\\ola\\kvittering.pdf')).toBe('kvittering.pdf');
		expect(sanitiseFileName('a"b\r\nc\u202egpj.exe')).toBe('abcgpj.exe');
		expect(sanitiseFileName('...hidden')).toBe('hidden');
	});

	it('falls back to a neutral name when nothing is left', () => {
		expect(sanitiseFileName('', 'receipt')).toBe('receipt');
		expect(sanitiseFileName('///', 'receipt')).toBe('receipt');
		expect(sanitiseFileName(null)).toBe('file');
	});

	it('is bounded in length', () => {
		expect([...sanitiseFileName('ø'.repeat(500))].length).toBe(120);
	});

	it('takes the extension of what is kept', () => {
		expect(withExtension('IMG_0001.HEIC', 'jpg')).toBe('IMG_0001.jpg');
		expect(withExtension('kvittering', 'pdf')).toBe('kvittering.pdf');
	});

	it('is sent with an ASCII fallback and its UTF-8 form (RFC 6266, RFC 5987)', () => {
		expect(contentDisposition('attachment', 'Kvittering blåbær (1).pdf')).toBe(
			`attachment; filename="Kvittering bl_b_r (1).pdf"; filename*=UTF-8''Kvittering%20bl%C3%A5b%C3%A6r%20%281%29.pdf`
		);
		expect(contentDisposition('inline', 'a.jpg')).toBe(
			`inline; filename="a.jpg"; filename*=UTF-8''a.jpg`
		);
	});
});
