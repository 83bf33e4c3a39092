// Whether a PDF may be kept (docs/decisions.md, 2026-11-23, files). A receipt needs none of what
// a PDF can do besides showing pages, so the rule is by name, wherever it appears: in the file's
// own bytes and inside every FlateDecode stream (object streams hide whole dictionaries there).
// Refused names: /JS, /JavaScript (scripts), /AA (actions on open, close, focus…), /Launch (runs a
// program), /EmbeddedFile(s), /RichMedia, /XFA (forms that run scripts), /SubmitForm, /ImportData,
// /GoToE. /OpenAction alone is allowed: most generators use it to open at page 1, and any script
// it could start needs /JS or /JavaScript, refused above. Names are compared after decoding #xx
// escapes (/J#61vaScript is /JavaScript). Refused too: an encrypted PDF (its streams cannot be
// read, so nothing in them can be checked) and an object stream that cannot be decompressed;
// decompression stops at a total budget so a deflate bomb costs bounded memory.
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

// A name: a solidus and the regular characters after it (PDF 32000-1, 7.2.2 and 7.3.5).
const NAME = /\/([^\s/()<>[\]{}%\0]+)/g;
const STREAM = /stream\r?\n/g;

export interface PdfScanOptions {
	/** The most bytes all streams together may decompress to. */
	maxInflatedBytes?: number;
}

/** Throws FileRefused('unsafe_pdf') when `bytes` hold anything the rule above refuses. */
export function checkPdf(bytes: Buffer, options: PdfScanOptions = {}): void {
	let budget = options.maxInflatedBytes ?? 64 * 1024 * 1024;
	const text = bytes.toString('latin1');
	refuseNames(text, 'the file');
	for (const stream of streams(text)) {
		if (!/\/FlateDecode\b/.test(stream.dictionary)) {
			if (/\/Type\s*\/ObjStm\b/.test(stream.dictionary)) {
				throw new FileRefused('unsafe_pdf', 'an object stream that cannot be read');
			}
			continue;
		}
		let inflated: Buffer;
		try {
			inflated = inflateSync(bytes.subarray(stream.start, stream.end), {
				maxOutputLength: Math.max(1, budget),
				finishFlush: 2 // Z_SYNC_FLUSH: a stream cut at its Length still yields what it holds
			});
		} catch (error) {
			if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
				throw new FileRefused('unsafe_pdf', 'streams decompress to too much');
			}
			if (/\/Type\s*\/ObjStm\b/.test(stream.dictionary)) {
				throw new FileRefused('unsafe_pdf', 'an object stream that cannot be decompressed');
			}
			continue; // a damaged content stream: a viewer shows nothing of it, and runs nothing
		}
		budget -= inflated.length;
		if (budget < 0) throw new FileRefused('unsafe_pdf', 'streams decompress to too much');
		refuseNames(inflated.toString('latin1'), 'a compressed stream');
	}
}

function refuseNames(text: string, where: string): void {
	for (const match of text.matchAll(NAME)) {
		const name = decodeName(match[1]!);
		if (FORBIDDEN.has(name)) {
			const what = name === 'Encrypt' ? 'is encrypted' : `holds /${name}`;
			throw new FileRefused('unsafe_pdf', `${where} ${what}`);
		}
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
}

// Each stream's data runs from the end of the line after `stream` to `endstream`; its dictionary
// is the text since the `obj` keyword before it. /Length is not trusted (it may be indirect or
// wrong); the next `endstream` bounds the data.
function* streams(text: string): Generator<StreamSpan> {
	STREAM.lastIndex = 0;
	for (let match = STREAM.exec(text); match; match = STREAM.exec(text)) {
		const before = text.slice(Math.max(0, match.index - 4096), match.index);
		if (!/>>\s*$/.test(before)) continue; // "stream" inside other text, e.g. "endstream"
		const start = match.index + match[0].length;
		const end = text.indexOf('endstream', start);
		if (end < 0) return;
		const obj = before.lastIndexOf('obj');
		yield { dictionary: obj < 0 ? before : before.slice(obj), start, end };
		STREAM.lastIndex = end + 'endstream'.length;
	}
}
