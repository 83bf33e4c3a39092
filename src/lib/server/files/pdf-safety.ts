// Whether a PDF may be kept (docs/decisions.md, 2026-11-23, files). A receipt needs none of what
// a PDF can do besides showing pages, so the rule is by name, wherever a reader could find it:
// in the file's own bytes and inside every object stream (/Type /ObjStm, which hides whole
// dictionaries in compressed data; decompressed here with node:zlib).
// Refused names: /JS, /JavaScript (scripts), /AA (actions on open, close, focus…), /Launch (runs a
// program), /EmbeddedFile(s), /RichMedia, /XFA (forms that run scripts), /SubmitForm, /ImportData,
// /GoToE. /OpenAction alone is allowed: most generators use it to open at page 1, and any script
// it could start needs /JavaScript, refused. Names are compared after decoding #xx escapes
// (/J#61vaScript is /JavaScript). Refused too: an encrypted PDF (its streams cannot be read, so
// nothing in them can be checked) and an object stream that cannot be decompressed;
// decompression stops at a total budget so a deflate bomb costs bounded memory.
// The two short names, /JS and /AA, turn up by chance in binary data (about 1 in 150 per megabyte
// of a photo), so they are not looked for inside the data of a stream whose extent is certain
// (a direct /Length that ends exactly at `endstream`) and which is not an object stream; the
// longer names are looked for everywhere.
import { inflateSync } from 'node:zlib';
import { FileRefused } from './types';

const FORBIDDEN = new Set([
	'JS',
	'JavaScript',
	'AA',
	'Launch',
	'EmbeddedFile',
	'EmbeddedFiles',
	'RichMedia',
	'XFA',
	'SubmitForm',
	'ImportData',
	'GoToE',
	'Encrypt'
]);
const SHORT = new Set(['JS', 'AA']);

// A name: a solidus and the regular characters after it (PDF 32000-1, 7.2.2 and 7.3.5).
const NAME = /\/([^\s/()<>[\]{}%\0]+)/g;
const STREAM = /stream\r?\n/g;
const OBJECT_STREAM = /\/Type\s*\/ObjStm\b/;

export interface PdfScanOptions {
	/** The most bytes all object streams together may decompress to. */
	maxInflatedBytes?: number;
}

/** Throws FileRefused('unsafe_pdf') when `bytes` hold anything the rule above refuses. */
export function checkPdf(bytes: Buffer, options: PdfScanOptions = {}): void {
	let budget = options.maxInflatedBytes ?? 64 * 1024 * 1024;
	const text = bytes.toString('latin1');
	const spans = [...streams(text)];
	const binary = spans.filter((s) => s.certain && !OBJECT_STREAM.test(s.dictionary));
	refuseNames(text, 'the file', (at) => binary.some((s) => at >= s.start && at < s.end));
	for (const stream of spans) {
		if (!OBJECT_STREAM.test(stream.dictionary)) continue;
		if (!/\/Filter\s*(\[\s*)?\/FlateDecode\s*\]?\s*(\/|>>)/.test(stream.dictionary)) {
			if (!/\/Filter\b/.test(stream.dictionary)) continue; // uncompressed: scanned above
			throw new FileRefused('unsafe_pdf', 'an object stream that cannot be read');
		}
		let inflated: Buffer;
		try {
			inflated = inflateSync(bytes.subarray(stream.start, stream.end), {
				maxOutputLength: Math.max(1, budget),
				finishFlush: 2 // Z_SYNC_FLUSH: a stream cut short still yields what it holds
			});
		} catch (error) {
			if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
				throw new FileRefused('unsafe_pdf', 'object streams decompress to too much');
			}
			throw new FileRefused('unsafe_pdf', 'an object stream that cannot be decompressed');
		}
		budget -= inflated.length;
		refuseNames(inflated.toString('latin1'), 'an object stream', () => false);
	}
}

function refuseNames(text: string, where: string, inBinary: (at: number) => boolean): void {
	for (const match of text.matchAll(NAME)) {
		const name = decodeName(match[1]!);
		if (!FORBIDDEN.has(name) || (SHORT.has(name) && inBinary(match.index))) continue;
		const what = name === 'Encrypt' ? 'is encrypted' : `holds /${name}`;
		throw new FileRefused('unsafe_pdf', `${where} ${what}`);
	}
}

function decodeName(raw: string): string {
	if (!raw.includes('#')) return raw;
	return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
		String.fromCharCode(parseInt(hex, 16))
	);
}

interface StreamSpan {
	dictionary: string;
	start: number;
	end: number;
	/** The dictionary's direct /Length ends exactly where `endstream` begins. */
	certain: boolean;
}

// Each stream's data runs from the end of the line after `stream` to `endstream`; its dictionary
// is the text since the `obj` keyword before it. A direct /Length is used when it lands on
// `endstream`; otherwise the next `endstream` bounds the data and the extent is not certain.
function* streams(text: string): Generator<StreamSpan> {
	STREAM.lastIndex = 0;
	for (let match = STREAM.exec(text); match; match = STREAM.exec(text)) {
		const before = text.slice(Math.max(0, match.index - 4096), match.index);
		if (!/>>\s*$/.test(before)) continue; // "stream" inside other text, e.g. "endstream"
		const start = match.index + match[0].length;
		const obj = before.lastIndexOf('obj');
		const dictionary = obj < 0 ? before : before.slice(obj);
		const length = /\/Length\s+(\d+)\s*(?!\d|\s*\d+\s+R)/.exec(dictionary);
		const declared = length ? start + Number(length[1]) : -1;
		const certain = declared >= start && /^\s*endstream/.test(text.slice(declared, declared + 12));
		const end = certain ? declared : text.indexOf('endstream', start);
		if (end < 0) return;
		yield { dictionary, start, end, certain };
		STREAM.lastIndex = end;
	}
}
