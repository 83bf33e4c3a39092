// What a Word document may cost mammoth (docs/decisions.md, 2026-11-27, bounded parsing): mammoth
// (through JSZip) inflates and parses every XML part it reads, styles and numbering as much as
// the body, and holds them whole. So every XML part and relationship list together may inflate to
// at most `maxBytes`, counted here as they inflate, without keeping them; a part that lies about
// its size cannot get past. Pictures are not counted: they are left out of the text unread. As
// they inflate, the parts' elements are counted in depth too: mammoth builds the whole tree and
// walks it, and 200,000 nested elements in a 22 KB file took its worker to the heap limit (the
// server peaking near 400 MB) before it was refused; past `docxDepth` it is refused unparsed.
import { inflatedSize } from './inflated-size';
import { FILE_LIMITS } from './limits';
import { xmlDepthMeter } from './xml-depth';
import { FileRefused } from './types';
import { zipEntries, type ZipEntry } from './zip';

const READ_BY_MAMMOTH = /\.(xml|rels)$/i;
const LOCAL_SIGNATURE = 0x04034b50;

/** Throws FileRefused('expands_too_much' | 'too_costly' | 'unreadable') for a DOCX past a limit. */
export async function checkDocxLimits(
	bytes: Buffer,
	maxBytes: number = FILE_LIMITS.docxExpandedBytes
): Promise<void> {
	const entries = zipEntries(bytes);
	if (!entries) throw new FileRefused('unreadable', 'a damaged ZIP, or data after its end');
	let left = maxBytes;
	for (const entry of entries.filter((e) => READ_BY_MAMMOTH.test(e.name))) {
		left -= await partSize(bytes, entry, left);
		if (left < 0) {
			throw new FileRefused('expands_too_much', `XML parts inflate to more than ${maxBytes} bytes`);
		}
	}
}

function partSize(zip: Buffer, entry: ZipEntry, cap: number): Promise<number> {
	const at = entry.localOffset;
	if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE) {
		throw new FileRefused('unreadable', `a Word document whose part ${entry.name} is missing`);
	}
	const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
	const data = zip.subarray(start, start + entry.compressedSize);
	const depth = xmlDepthMeter(FILE_LIMITS.docxDepth, () => {
		throw new FileRefused(
			'too_costly',
			`a Word document whose ${entry.name} has elements nested more than ${FILE_LIMITS.docxDepth} deep`
		);
	});
	if (entry.method === 0) {
		depth(data);
		return Promise.resolve(data.length);
	}
	if (entry.method !== 8) {
		throw new FileRefused(
			'unreadable',
			`a Word document part compressed by method ${entry.method}`
		);
	}
	return inflatedSize(data, cap, 'raw', depth);
}
