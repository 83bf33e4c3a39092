// Just enough of the ZIP format (APPNOTE 6.3) to tell a Word document from any other archive
// without unpacking it: the central directory's entry names and flags, and one small entry read
// with a bounded inflate. mammoth (documents/extract.ts) does the real reading later.
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
	name: string;
	/** General-purpose flag bit 0: the entry's data is encrypted. */
	encrypted: boolean;
	method: number;
	compressedSize: number;
	localOffset: number;
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_ENTRIES = 10_000;

/**
 * The entries of a ZIP whose end-of-central-directory record ends exactly where the file ends
 * (nothing appended after it), or null when `b` is not such a ZIP.
 */
export function zipEntries(b: Buffer): ZipEntry[] | null {
	if (b.length < 22 || b.readUInt32LE(0) !== LOCAL_SIGNATURE) return null;
	// The record is 22 bytes plus a comment of at most 65 535; find the one whose comment ends the file.
	let end = -1;
	for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 65_535); at--) {
		if (b.readUInt32LE(at) === END_SIGNATURE && at + 22 + b.readUInt16LE(at + 20) === b.length) {
			end = at;
			break;
		}
	}
	if (end < 0) return null;
	const count = b.readUInt16LE(end + 10);
	const size = b.readUInt32LE(end + 12);
	const offset = b.readUInt32LE(end + 16);
	if (count > MAX_ENTRIES || offset + size > end) return null;
	const entries: ZipEntry[] = [];
	let at = offset;
	for (let i = 0; i < count; i++) {
		if (at + 46 > end || b.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
		const nameLength = b.readUInt16LE(at + 28);
		const extra = b.readUInt16LE(at + 30);
		const comment = b.readUInt16LE(at + 32);
		if (at + 46 + nameLength > end) return null;
		entries.push({
			name: b.toString('utf8', at + 46, at + 46 + nameLength),
			encrypted: (b.readUInt16LE(at + 8) & 1) === 1,
			method: b.readUInt16LE(at + 10),
			compressedSize: b.readUInt32LE(at + 20),
			localOffset: b.readUInt32LE(at + 42)
		});
		at += 46 + nameLength + extra + comment;
	}
	return entries;
}

/** The content of a stored or deflated entry, at most `maxBytes` of it; null when unreadable. */
export function readZipEntry(b: Buffer, entry: ZipEntry, maxBytes: number): Buffer | null {
	const at = entry.localOffset;
	if (at + 30 > b.length || b.readUInt32LE(at) !== LOCAL_SIGNATURE) return null;
	const start = at + 30 + b.readUInt16LE(at + 26) + b.readUInt16LE(at + 28);
	const data = b.subarray(start, start + entry.compressedSize);
	if (data.length !== entry.compressedSize) return null;
	try {
		if (entry.method === 0) return data.length <= maxBytes ? data : null;
		if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes });
	} catch {
		return null;
	}
	return null;
}
