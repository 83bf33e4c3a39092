import { describe, expect, it } from 'vitest';
import { sniffDocument } from './document-type';
import { docx, pdf, phoneJpeg, png, windowsProgram, zipArchive, zipOf } from './test-fixtures';
import { FileRefused, type RefusalCode } from './types';

function refusal(bytes: Buffer, name?: string): RefusalCode | 'accepted' {
	try {
		sniffDocument(bytes, name);
		return 'accepted';
	} catch (error) {
		if (error instanceof FileRefused) return error.code;
		throw error;
	}
}

describe('the type of an assistant document is read from its bytes', () => {
	it('recognises a PDF and a Word document whatever they are called', () => {
		expect(sniffDocument(pdf(), 'notes.txt')).toBe('pdf');
		expect(sniffDocument(docx(['Hei']), 'notes.md')).toBe('docx');
		expect(sniffDocument(docx(['Hei']), null)).toBe('docx');
	});

	it('takes UTF-8 text as Markdown only when its name says .md, otherwise as plain text', () => {
		const text = Buffer.from('# Vedtekter\n\nFormålet med foreningen er å samle studentene.\n');
		expect(sniffDocument(text, 'vedtekter.md')).toBe('markdown');
		expect(sniffDocument(text, 'VEDTEKTER.Markdown')).toBe('markdown');
		expect(sniffDocument(text, 'vedtekter.txt')).toBe('text');
		expect(sniffDocument(text, 'vedtekter.pdf')).toBe('text');
		expect(sniffDocument(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]))).toBe('text');
	});

	it('refuses text that is not valid UTF-8 or holds a NUL byte, even when called .txt', () => {
		expect(refusal(Buffer.from('Bl\xe5b\xe6r', 'latin1'), 'fruit.txt')).toBe('unsupported_type');
		expect(refusal(Buffer.from('line one\0line two'), 'notes.txt')).toBe('unsupported_type');
	});

	it('refuses images and programs, which other purposes accept or nobody does', async () => {
		expect(refusal(await png(), 'scan.png')).toBe('unsupported_type');
		expect(refusal(await phoneJpeg(), 'photo.md')).toBe('unsupported_type');
		expect(refusal(windowsProgram(), 'setup.txt')).toBe('unsupported_type');
	});

	it('refuses a ZIP that is not a Word document', () => {
		expect(refusal(zipArchive(), 'archive.docx')).toBe('unsupported_type');
		const spreadsheet = zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<x/>' });
		expect(refusal(spreadsheet, 'budget.docx')).toBe('unsupported_type');
	});

	it('refuses a macro-enabled or encrypted Word document', () => {
		expect(refusal(docx(['Hei'], { macros: true }), 'letter.docx')).toBe('unsafe_document');
		const macroTypeOnly = zipOf({
			'[Content_Types].xml':
				'<Types><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
			'word/document.xml': '<w:document/>'
		});
		expect(refusal(macroTypeOnly, 'letter.docx')).toBe('unsafe_document');
		expect(refusal(docx(['Hei'], { encrypted: true }), 'letter.docx')).toBe('unsafe_document');
	});

	it('refuses a Word document with anything after its end, or cut short', () => {
		const doc = docx(['Hei']);
		expect(refusal(Buffer.concat([doc, Buffer.from('<script>')]))).toBe('unreadable');
		expect(refusal(doc.subarray(0, doc.length - 10))).toBe('unreadable');
	});

	it('refuses text that also holds a PDF header (a polyglot)', () => {
		const text = Buffer.from('harmless words\n%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
		expect(refusal(text, 'notes.txt')).toBe('polyglot');
	});

	it('refuses a PDF with data after its end, as for every upload', () => {
		expect(refusal(Buffer.concat([pdf(), Buffer.from('trailing')]))).toBe('polyglot');
	});
});
