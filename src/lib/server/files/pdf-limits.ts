// What a PDF may cost whoever parses it, checked from its bytes before any PDF library sees them
// (docs/decisions.md, 2026-11-27, bounded parsing): pdf-lib holds every object it parses (about a
// kilobyte of heap each), and every reader inflates what a stream's filters say into memory
// outside the heap, where no worker's heap limit reaches. So:
// - objects: those written out (`n g obj`) and those packed in object streams (their /N) together
//   at most `maxObjects`;
// - streams: each one's filter chain decoded here, stage by stage, and every stage's output
//   counted against `maxExpandedBytes` for the whole file (a chain of two deflates is how a few
//   kilobytes become gigabytes). The last stage is only counted, never kept; an earlier one is
//   kept to feed the next and may be at most `maxStageBytes`. Image codecs (DCT, JPX, JBIG2,
//   CCITT) end a chain: only a viewer drawing the image decodes them. A filter given indirectly
//   (`/Filter 7 0 R`) or that no reader knows is refused, since what it expands to is unknown.
import { constants, inflate } from 'node:zlib';
import { promisify } from 'node:util';
import { inflatedSize } from './inflated-size';
import { FILE_LIMITS } from './limits';
import { pdfStreams } from './pdf-streams';
import { FileRefused } from './types';

export interface PdfLimits {
	maxObjects: number;
	maxExpandedBytes: number;
	maxStageBytes: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = {
	maxObjects: FILE_LIMITS.pdfObjects,
	maxExpandedBytes: FILE_LIMITS.pdfExpandedBytes,
	maxStageBytes: FILE_LIMITS.pdfStageBytes
};

const OBJECT = /\d+\s+\d+\s+obj\b/g;
const OBJECT_STREAM_COUNT =
	/\/Type\s*\/ObjStm\b[\s\S]*?\/N\s+(\d+)|\/N\s+(\d+)[\s\S]*?\/Type\s*\/ObjStm\b/;
const IMAGE_CODECS = new Set([
	'DCTDecode',
	'DCT',
	'JPXDecode',
	'JBIG2Decode',
	'CCITTFaxDecode',
	'CCF'
]);
const inflateAsync = promisify(inflate);

/** Throws FileRefused('too_many_objects' | 'expands_too_much' | 'unreadable') past a limit. */
export async function checkPdfLimits(
	bytes: Buffer,
	limits: PdfLimits = DEFAULT_PDF_LIMITS
): Promise<void> {
	const text = bytes.toString('latin1');
	let objects = 0;
	for (OBJECT.lastIndex = 0; OBJECT.exec(text);) objects++;
	const spans = [...pdfStreams(text)];
	for (const span of spans) {
		const packed = OBJECT_STREAM_COUNT.exec(span.dictionary);
		if (packed) objects += Number(packed[1] ?? packed[2]);
	}
	if (objects > limits.maxObjects) {
		throw new FileRefused('too_many_objects', `${objects} objects, at most ${limits.maxObjects}`);
	}
	let left = limits.maxExpandedBytes;
	for (const span of spans) {
		const filters = filtersOf(span.dictionary);
		if (filters === null)
			throw new FileRefused('unreadable', 'a stream whose filters are indirect');
		let data = bytes.subarray(span.start, span.end);
		for (const [i, filter] of filters.entries()) {
			if (IMAGE_CODECS.has(filter)) break;
			const last = i === filters.length - 1 || IMAGE_CODECS.has(filters[i + 1]!);
			if (last && (filter === 'FlateDecode' || filter === 'Fl')) {
				left -= await inflatedSize(data, left, 'zlib');
			} else {
				data = await decode(filter, data, Math.min(left, limits.maxStageBytes) + 1);
				if (data.length > limits.maxStageBytes) left = -1;
				else left -= data.length;
			}
			if (left < 0) {
				throw new FileRefused(
					'expands_too_much',
					`streams expand to more than ${limits.maxExpandedBytes} bytes`
				);
			}
		}
	}
}

/** The filter names of a stream's dictionary in order; null when they are not written in it. */
function filtersOf(dictionary: string): string[] | null {
	const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+|\d+\s+\d+\s+R)?/.exec(dictionary);
	if (!match) return [];
	const value = match[1] ?? '';
	if (/R$/.test(value) || value === '') return null;
	return [...value.matchAll(/\/([^\s/[\]<>()]+)/g)].map((m) => m[1]!);
}

/** One stage of a filter chain, its output cut at `cap` bytes (one past a limit is enough). */
async function decode(filter: string, data: Buffer, cap: number): Promise<Buffer> {
	switch (filter) {
		case 'FlateDecode':
		case 'Fl':
			try {
				return await inflateAsync(data, {
					maxOutputLength: cap,
					finishFlush: constants.Z_SYNC_FLUSH
				});
			} catch (error) {
				if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return Buffer.alloc(cap);
				return Buffer.alloc(0);
			}
		case 'ASCIIHexDecode':
		case 'AHx':
			return asciiHex(data);
		case 'ASCII85Decode':
		case 'A85':
			return ascii85(data);
		case 'RunLengthDecode':
		case 'RL':
			return runLength(data, cap);
		case 'LZWDecode':
		case 'LZW':
			return lzw(data, cap);
		case 'Crypt':
			return data;
		default:
			throw new FileRefused('unreadable', `a stream filter no reader knows: ${filter}`);
	}
}

function asciiHex(data: Buffer): Buffer {
	const digits = data
		.toString('latin1')
		.split('>')[0]!
		.replace(/[^0-9a-fA-F]/g, '');
	return Buffer.from(digits.length % 2 ? digits + '0' : digits, 'hex');
}

function ascii85(data: Buffer): Buffer {
	const text = data.toString('latin1').split('~>')[0]!.replace(/\s/g, '');
	const out: number[] = [];
	let group: number[] = [];
	const flush = (count: number) => {
		let value = 0;
		for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
		for (let i = 0; i < count; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
		group = [];
	};
	for (const ch of text) {
		if (ch === 'z' && group.length === 0) out.push(0, 0, 0, 0);
		else {
			group.push(ch.charCodeAt(0) - 33);
			if (group.length === 5) flush(4);
		}
	}
	if (group.length > 1) flush(group.length - 1);
	return Buffer.from(out);
}

function runLength(data: Buffer, cap: number): Buffer {
	const out = Buffer.alloc(Math.min(cap, data.length * 128));
	let size = 0;
	for (let at = 0; at < data.length && size < out.length;) {
		const n = data[at++]!;
		if (n === 128) break;
		if (n < 128) {
			size += data.copy(out, size, at, at + n + 1);
			at += n + 1;
		} else {
			const end = Math.min(out.length, size + 257 - n);
			out.fill(data[at] ?? 0, size, end);
			size = end;
			at++;
		}
	}
	return out.subarray(0, size);
}

// LZW as PDF writes it (9 to 12-bit codes, 256 clears, 257 ends, early change 1).
function lzw(data: Buffer, cap: number): Buffer {
	const out: Buffer[] = [];
	let size = 0;
	let table: Buffer[] = [];
	const reset = () => {
		table = Array.from({ length: 258 }, (_, i) => Buffer.from([i & 0xff]));
	};
	reset();
	let bits = 9;
	let buffer = 0;
	let held = 0;
	let previous: Buffer | null = null;
	for (const byte of data) {
		buffer = (buffer << 8) | byte;
		held += 8;
		while (held >= bits) {
			const code = (buffer >>> (held - bits)) & ((1 << bits) - 1);
			held -= bits;
			if (code === 256) {
				reset();
				bits = 9;
				previous = null;
				continue;
			}
			if (code === 257) return Buffer.concat(out).subarray(0, cap);
			let entry = table[code];
			if (!entry && previous) entry = Buffer.concat([previous, previous.subarray(0, 1)]);
			if (!entry) return Buffer.concat(out).subarray(0, cap);
			if (previous) table.push(Buffer.concat([previous, entry.subarray(0, 1)]));
			out.push(entry);
			size += entry.length;
			if (size >= cap) return Buffer.concat(out).subarray(0, cap);
			previous = entry;
			if (table.length + 1 >= 1 << bits && bits < 12) bits++;
		}
	}
	return Buffer.concat(out);
}
