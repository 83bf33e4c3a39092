// Just enough of the ZIP format (APPNOTE 6.3) to tell a Word document from any other archive
// without unpacking it: the central directory's entry names and flags, and one small entry read
// with a bounded inflate. mammoth (documents/extract.ts) does the real reading later. And the
// other way: zipStream writes an archive of stored entries (an export of uploads) as a stream.
import { crc32, inflateRawSync } from 'node:zlib';

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

export interface ZipInput {
	/** The path inside the archive (UTF-8, `/` between folders). */
	name: string;
	bytes: Buffer;
	modified: Date;
}

/** MS-DOS time and date, as ZIP headers keep them (local time of the archive: we write UTC). */
function dosTime(at: Date): { time: number; date: number } {
	const year = Math.max(1980, at.getUTCFullYear());
	return {
		time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
		date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate()
	};
}

/**
 * A ZIP archive of `entries`, stored without compression (PDF and Word files are compressed
 * already), produced as it is read: one entry's bytes are held at a time, the central directory
 * at the end. No ZIP64: fewer than 65,535 entries and 4 GiB, far beyond one job's applications.
 */
export function zipStream(entries: AsyncIterable<ZipInput>): ReadableStream<Uint8Array> {
	const iterator = entries[Symbol.asyncIterator]();
	const directory: Buffer[] = [];
	let offset = 0;
	let count = 0;
	let finished = false;
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (finished) return;
			const next = await iterator.next();
			if (next.done) {
				finished = true;
				const central = Buffer.concat(directory);
				const end = Buffer.alloc(22);
				end.writeUInt32LE(END_SIGNATURE, 0);
				end.writeUInt16LE(count, 8);
				end.writeUInt16LE(count, 10);
				end.writeUInt32LE(central.length, 12);
				end.writeUInt32LE(offset, 16);
				controller.enqueue(new Uint8Array(Buffer.concat([central, end])));
				controller.close();
				return;
			}
			const { name, bytes, modified } = next.value;
			const nameBytes = Buffer.from(name, 'utf8');
			const crc = crc32(bytes);
			const { time, date } = dosTime(modified);
			const local = Buffer.alloc(30);
			local.writeUInt32LE(LOCAL_SIGNATURE, 0);
			local.writeUInt16LE(20, 4);
			local.writeUInt16LE(0x0800, 6); // names in UTF-8
			local.writeUInt16LE(0, 8); // stored
			local.writeUInt16LE(time, 10);
			local.writeUInt16LE(date, 12);
			local.writeUInt32LE(crc, 14);
			local.writeUInt32LE(bytes.length, 18);
			local.writeUInt32LE(bytes.length, 22);
			local.writeUInt16LE(nameBytes.length, 26);
			const central = Buffer.alloc(46);
			central.writeUInt32LE(CENTRAL_SIGNATURE, 0);
			central.writeUInt16LE(20, 4);
			central.writeUInt16LE(20, 6);
			central.writeUInt16LE(0x0800, 8);
			central.writeUInt16LE(0, 10);
			central.writeUInt16LE(time, 12);
			central.writeUInt16LE(date, 14);
			central.writeUInt32LE(crc, 16);
			central.writeUInt32LE(bytes.length, 20);
			central.writeUInt32LE(bytes.length, 24);
			central.writeUInt16LE(nameBytes.length, 28);
			central.writeUInt32LE(offset, 42);
			directory.push(central, nameBytes);
			count++;
			offset += local.length + nameBytes.length + bytes.length;
			controller.enqueue(new Uint8Array(Buffer.concat([local, nameBytes, bytes])));
		},
		async cancel() {
			await iterator.return?.();
		}
	});
}
