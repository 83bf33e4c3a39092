// The cover's font: DejaVu Sans from @fontsource/dejavu-sans, read from node_modules at run time
// (a `dependencies` package, so adapter-node leaves it external and it is there in production).
// The standard PDF fonts only know WinAnsi, which lacks Polish, Czech, Cyrillic and Greek letters
// that members' names and merchants carry; DejaVu covers those. What the font still lacks (CJK,
// most emoji) is printed as "?" rather than dropped, so a reader sees that something was there.
import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const FILES = {
	regular: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
	bold: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff'
} as const;

type FontBytes = { regular: Uint8Array; bold: Uint8Array };
let loading: Promise<FontBytes> | undefined;

/** Both weights as TrueType bytes, read and unpacked once per process. */
function fontBytes(): Promise<FontBytes> {
	if (loading) return loading;
	const require = createRequire(import.meta.url);
	const load = async (file: string) => woffToSfnt(await readFile(require.resolve(file)));
	const started = Promise.all([load(FILES.regular), load(FILES.bold)]).then(
		([regular, bold]) => ({ regular, bold }),
		(error: unknown) => {
			loading = undefined;
			throw error;
		}
	);
	loading = started;
	return started;
}

/**
 * WOFF 1.0 is TrueType with each table zlib-compressed. fontkit can read it, but its bundled
 * pure-JS inflate took 7 s per embedding here against 5 ms for node:zlib, so the tables are
 * unpacked once with node:zlib and fontkit is handed plain TrueType.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
	const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
	if (woff.byteLength < 44 || view.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF file');
	const flavor = view.getUint32(4);
	const count = view.getUint16(12);
	const tables = Array.from({ length: count }, (_, i) => {
		const at = 44 + i * 20;
		return {
			tag: view.getUint32(at),
			offset: view.getUint32(at + 4),
			compressedLength: view.getUint32(at + 8),
			length: view.getUint32(at + 12),
			checksum: view.getUint32(at + 16)
		};
	});
	const padded = (n: number) => (n + 3) & ~3;
	const size = tables.reduce((sum, t) => sum + padded(t.length), 12 + 16 * count);
	const out = new Uint8Array(size);
	const header = new DataView(out.buffer);
	const searchRange = 2 ** Math.floor(Math.log2(count));
	header.setUint32(0, flavor);
	header.setUint16(4, count);
	header.setUint16(6, searchRange * 16);
	header.setUint16(8, Math.log2(searchRange));
	header.setUint16(10, count * 16 - searchRange * 16);
	let offset = 12 + 16 * count;
	tables.forEach((table, i) => {
		const stored = woff.subarray(table.offset, table.offset + table.compressedLength);
		const data = table.compressedLength < table.length ? inflateSync(stored) : stored;
		if (data.byteLength !== table.length) throw new Error('WOFF table has the wrong length');
		out.set(data, offset);
		header.setUint32(12 + 16 * i, table.tag);
		header.setUint32(16 + 16 * i, table.checksum);
		header.setUint32(20 + 16 * i, offset);
		header.setUint32(24 + 16 * i, table.length);
		offset += padded(table.length);
	});
	return out;
}

/** A font with the text cleaning that keeps drawing from failing or printing blanks. */
export type CoverFont = { font: PDFFont; clean: (text: string) => string };
export type CoverFonts = { regular: CoverFont; bold: CoverFont };

export async function embedCoverFonts(doc: PDFDocument): Promise<CoverFonts> {
	const bytes = await fontBytes();
	doc.registerFontkit(fontkit);
	const [regular, bold] = await Promise.all([
		doc.embedFont(bytes.regular, { subset: true }),
		doc.embedFont(bytes.bold, { subset: true })
	]);
	return { regular: withCleaner(regular), bold: withCleaner(bold) };
}

// Line breaks and tabs would be drawn as missing glyphs: the layout breaks lines itself.
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
// Joiners, variation selectors and combining marks the font lacks add nothing readable alone.
const SILENT = /[\p{Cf}\p{M}]/u;

function withCleaner(font: PDFFont): CoverFont {
	const known = new Set(font.getCharacterSet());
	return {
		font,
		clean: (text) =>
			Array.from(text.normalize('NFC').replace(BREAKS, ' '), (char) => {
				if (known.has(char.codePointAt(0)!)) return char;
				return SILENT.test(char) ? '' : '?';
			}).join('')
	};
}
