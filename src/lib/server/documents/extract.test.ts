import { describe, expect, it } from 'vitest';
import {
	deepNestingDocx,
	deepNestingPdf,
	flateBombPdf,
	objectBombPdf,
	stylesBombDocx
} from '../files/hostile-fixtures';
import { docx } from '../files/test-fixtures';
import { extractText } from './extract';
import { scannedPdf, textPdf } from './test-fixtures';
import { ExtractRefused, type ExtractRefusalCode } from './types';

async function refusal(promise: Promise<unknown>): Promise<ExtractRefusalCode | 'accepted'> {
	try {
		await promise;
		return 'accepted';
	} catch (error) {
		if (error instanceof ExtractRefused) return error.code;
		throw error;
	}
}

const LIMITS = { maxPages: 3, maxCharacters: 5_000, maxXmlBytes: 200_000 };

describe('the text of an assistant document', () => {
	it("reads a PDF's text layer, page by page, and its title", async () => {
		const bytes = await textPdf(
			[
				['Retningslinjer for utlegg', 'Kvitteringer leveres innen 30 dager.'],
				['Side to: Styret godkjenner utlegg over 5000 kroner.']
			],
			'Økonomihåndbok'
		);
		const text = await extractText('pdf', bytes);
		const all = text.blocks.map((b) => b.text).join(' ');
		expect(all).toContain('Kvitteringer leveres innen 30 dager.');
		expect(all).toContain('Styret godkjenner utlegg over 5000 kroner.');
		expect(text.title).toBe('Økonomihåndbok');
		expect(text.characters).toBe(text.blocks.reduce((n, b) => n + b.text.length, 0));
	});

	it('refuses a scanned PDF without a text layer as no_text_layer', async () => {
		expect(await refusal(extractText('pdf', await scannedPdf()))).toBe('no_text_layer');
	});

	it('refuses a damaged PDF as unreadable instead of failing', async () => {
		const broken = Buffer.from(
			'%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R\n%%EOF\n',
			'latin1'
		);
		expect(await refusal(extractText('pdf', broken))).toBe('unreadable');
		const cut = (await textPdf([['Hei på deg, dette er en tekst']])).subarray(0, 300);
		expect(await refusal(extractText('pdf', cut))).toBe('unreadable');
	});

	it('refuses a PDF of more pages or characters than allowed', async () => {
		const many = await textPdf([['a side'], ['b side'], ['c side'], ['d side']]);
		expect(await refusal(extractText('pdf', many, LIMITS))).toBe('too_long');
		const long = 'Lang tekst. '.repeat(600);
		expect(await refusal(extractText('text', Buffer.from(long), LIMITS))).toBe('too_long');
	});

	it('reads a Word document with its headings kept as their own paragraphs', async () => {
		const bytes = docx([
			{ heading: 1, text: 'Vedtekter' },
			'§ 1 Foreningens navn er Studentforeningen.',
			{ heading: 2, text: 'Formål' },
			'Foreningen skal samle studenter & ansatte <alle>.'
		]);
		const text = await extractText('docx', bytes);
		expect(text.blocks).toEqual([
			{ kind: 'heading', text: 'Vedtekter' },
			{ kind: 'paragraph', text: '§ 1 Foreningens navn er Studentforeningen.' },
			{ kind: 'heading', text: 'Formål' },
			{ kind: 'paragraph', text: 'Foreningen skal samle studenter & ansatte <alle>.' }
		]);
		expect(text.title).toBe('Vedtekter');
	});

	it('refuses a Word document whose text inflates beyond the limit (a ZIP bomb)', async () => {
		const bytes = docx(['x'.repeat(300_000)]);
		expect(bytes.length).toBeLessThan(10_000);
		expect(await refusal(extractText('docx', bytes, LIMITS))).toBe('unreadable');
	});

	it('refuses a Word document whose styles inflate beyond the limit, however small its body', async () => {
		const bytes = stylesBombDocx(1024 * 1024);
		expect(await refusal(extractText('docx', bytes, LIMITS))).toBe('unreadable');
	});

	it('refuses hostile PDFs and Word documents as unreadable, without harm to the caller', async () => {
		const hostile = [
			() => extractText('pdf', objectBombPdf(30_000)),
			async () => extractText('pdf', await flateBombPdf(512 * 1024 * 1024)),
			() => extractText('pdf', deepNestingPdf()),
			() => extractText('docx', deepNestingDocx())
		];
		for (const attempt of hostile) expect(await refusal(attempt())).toBe('unreadable');
	});

	it('refuses a damaged Word document as unreadable', async () => {
		const bytes = docx(['Hei']);
		// Scramble the compressed body of word/document.xml (right after its local header's name).
		const body = bytes.indexOf('word/document.xml') + 'word/document.xml'.length;
		bytes.fill(0xff, body, body + 20);
		expect(await refusal(extractText('docx', bytes))).toBe('unreadable');
	});

	it('takes plain text as paragraphs between blank lines', async () => {
		const text = await extractText(
			'text',
			Buffer.from('Første avsnitt\nfortsetter her.\r\n\r\nAndre avsnitt.')
		);
		expect(text.blocks).toEqual([
			{ kind: 'paragraph', text: 'Første avsnitt fortsetter her.' },
			{ kind: 'paragraph', text: 'Andre avsnitt.' }
		]);
		expect(text.title).toBeNull();
	});

	it('turns Markdown into plain text: headings apart, link text kept, code and HTML gone', async () => {
		const markdown = [
			'# Husregler',
			'',
			'Se [styrets side](https://example.org/styret) og **les** _nøye_.',
			'<div class="note">Skjult HTML</div>',
			'',
			'```js',
			'alert("kode");',
			'```',
			'',
			'Kjør `npm ci` først.',
			'',
			'## Nøkler',
			'- Hent nøkkel hos vakt',
			'- Lever den tilbake',
			'',
			'<!-- en kommentar -->',
			'![bilde](x.png)'
		].join('\n');
		const text = await extractText('markdown', Buffer.from(markdown));
		expect(text.blocks).toEqual([
			{ kind: 'heading', text: 'Husregler' },
			{ kind: 'paragraph', text: 'Se styrets side og les nøye. Skjult HTML' },
			{ kind: 'paragraph', text: 'Kjør først.' },
			{ kind: 'heading', text: 'Nøkler' },
			{ kind: 'paragraph', text: 'Hent nøkkel hos vakt' },
			{ kind: 'paragraph', text: 'Lever den tilbake' }
		]);
		expect(JSON.stringify(text.blocks)).not.toMatch(/alert|https:|<div|x\.png/);
	});

	it('refuses a text without any words as empty', async () => {
		expect(await refusal(extractText('text', Buffer.from('\n\n   \n')))).toBe('empty');
		expect(await refusal(extractText('markdown', Buffer.from('```\ncode only\n```\n')))).toBe(
			'empty'
		);
	});
});
