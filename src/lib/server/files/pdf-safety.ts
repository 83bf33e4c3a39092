// A first look at a PDF's own bytes (docs/decisions.md, 2026-11-23 and 2026-11-27, files): what
// anyone can see there that runs or carries something is refused with a plain answer. It is not
// what makes a kept PDF safe: compressed data (object streams, any filter chain) is not read here,
// and every PDF kept is rebuilt from its pages (pdf-rebuild.ts), so nothing of the kind survives
// wherever it hid. Refused names: /JS, /JavaScript (scripts), /AA (actions on open, close, focus…), /Launch (runs a
// program), /EmbeddedFile(s), /RichMedia, /XFA (forms that run scripts), /SubmitForm, /ImportData,
// /GoToE. /OpenAction alone is allowed: most generators use it to open at page 1, and any script
// it could start needs /JavaScript, refused. Names are compared after decoding #xx escapes
// (/J#61vaScript is /JavaScript). Refused too: an encrypted PDF (it cannot be rebuilt).
// The two short names, /JS and /AA, turn up by chance in binary data (about 1 in 150 per megabyte
// of a photo), so they are not looked for inside the data of a stream whose extent is certain
// (a direct /Length that ends exactly at `endstream`) and which is not an object stream; the
// longer names are looked for everywhere.
import { pdfStreams } from './pdf-streams';
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
const OBJECT_STREAM = /\/Type\s*\/ObjStm\b/;

/** Throws FileRefused('unsafe_pdf') when the bytes of `bytes` show what the rule above refuses. */
export function checkPdf(bytes: Buffer): void {
	const text = bytes.toString('latin1');
	const binary = [...pdfStreams(text)].filter(
		(s) => s.certain && !OBJECT_STREAM.test(s.dictionary)
	);
	refuseNames(text, 'the file', (at) => binary.some((s) => at >= s.start && at < s.end));
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
