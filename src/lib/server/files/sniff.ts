// The type of an upload, from its bytes alone, and the polyglot rule (docs/decisions.md,
// 2026-11-23, files): a file is accepted only when its format's own structure ends where the file
// ends and nothing in it is what another reader would take for a second file:
// - PNG: the chunks run from the signature to IEND, and IEND is the last byte.
// - WebP: the RIFF size is the file's size less 8.
// - HEIC/HEIF: the top-level boxes tile the file exactly.
// - JPEG: nothing but NUL padding after the last end-of-image marker (FF D9), or, for a "motion
//   photo" (Google, and others following it), exactly one MP4 right after the image: boxes from
//   `ftyp` that tile the rest of the file. Only the image is kept (re-encoded), never the video.
// - PDF: the header at offset 0 and nothing but whitespace after the last %%EOF.
// - any type but PDF: no "%PDF-" anywhere (PDF readers look for the header past offset 0).
// - any type: no ZIP end-of-central-directory record in the last 64 KiB + 22 bytes, where ZIP
//   readers look for it (a stray match in compressed data is about 1 in 65 000 files).
import { FileRefused, type DetectedType } from './types';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);
const ZIP_END = Buffer.from('PK\x05\x06', 'latin1');
const ZIP_SEARCH = 65_535 + 22;
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/** The accepted type `bytes` are; throws FileRefused for anything else. */
export function sniff(bytes: Buffer): DetectedType {
	const type = detect(bytes);
	if (!type) throw new FileRefused('unsupported_type', 'not PDF, JPEG, PNG, WebP or HEIC');
	checkStructureEnds(type, bytes);
	if (type !== 'pdf' && bytes.includes(PDF_HEADER)) {
		throw new FileRefused('polyglot', `a ${type} that also holds a PDF header`);
	}
	if (bytes.subarray(Math.max(0, bytes.length - ZIP_SEARCH)).includes(ZIP_END)) {
		throw new FileRefused('polyglot', `a ${type} that also ends like a ZIP archive`);
	}
	return type;
}

function detect(b: Buffer): DetectedType | null {
	if (b.subarray(0, 5).equals(PDF_HEADER)) return 'pdf';
	if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
	if (PNG_SIGNATURE.every((byte, i) => b[i] === byte)) return 'png';
	if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
	if (ascii(b, 4, 4) === 'ftyp' && isHeicBrand(b)) return 'heic';
	return null;
}

function ascii(b: Buffer, start: number, length: number): string {
	return b.length >= start + length ? b.toString('latin1', start, start + length) : '';
}

// AVIF shares HEIF's container (brand avif, often with mif1): only HEVC-coded brands are HEIC.
function isHeicBrand(b: Buffer): boolean {
	if (b.length < 16) return false;
	const boxSize = b.readUInt32BE(0);
	const major = ascii(b, 8, 4);
	if (HEVC_BRANDS.has(major)) return true;
	if (!GENERIC_HEIF_BRANDS.has(major)) return false;
	const end = Math.min(boxSize, b.length);
	for (let at = 16; at + 4 <= end; at += 4) {
		if (HEVC_BRANDS.has(ascii(b, at, 4))) return true;
	}
	return false;
}

function checkStructureEnds(type: DetectedType, b: Buffer): void {
	const end = structureEnd(type, b);
	if (end === null || end > b.length) {
		throw new FileRefused('unreadable', `a damaged or truncated ${type}`);
	}
	if (end < b.length) throw new FileRefused('polyglot', `data after the end of the ${type}`);
}

/** Where the format says the file ends, or null when its structure is broken. */
function structureEnd(type: DetectedType, b: Buffer): number | null {
	switch (type) {
		case 'png':
			return pngEnd(b);
		case 'webp':
			return b.length >= 12 ? 8 + b.readUInt32LE(4) + (b.readUInt32LE(4) % 2) : null;
		case 'heic':
			return boxesEnd(b);
		case 'jpeg':
			return jpegEnd(b);
		case 'pdf':
			return pdfEnd(b);
	}
}

function pngEnd(b: Buffer): number | null {
	let at = 8;
	while (at + 12 <= b.length) {
		const length = b.readUInt32BE(at);
		const chunk = ascii(b, at + 4, 4);
		at += 12 + length;
		if (chunk === 'IEND') return at;
	}
	return null;
}

function boxesEnd(b: Buffer): number | null {
	let at = 0;
	while (at + 8 <= b.length) {
		let size = b.readUInt32BE(at);
		if (size === 1) {
			if (at + 16 > b.length) return null;
			size = Number(b.readBigUInt64BE(at + 8));
			if (size < 16) return null;
		} else if (size === 0) {
			return b.length; // the last box runs to the end of the file
		} else if (size < 8) {
			return null;
		}
		at += size;
	}
	return at;
}

function jpegEnd(b: Buffer): number | null {
	const video = motionPhotoVideo(b);
	if (video !== null && boxesEnd(b.subarray(video)) === b.length - video) return b.length;
	let end = b.length;
	while (end > 0 && b[end - 1] === 0) end--;
	const eoi = b.lastIndexOf(Buffer.from([0xff, 0xd9]));
	if (eoi < 0) return null;
	// NUL padding after the marker counts as part of the image; anything else does not.
	return eoi + 2 === end ? b.length : eoi + 2;
}

/** Where an MP4 starts right after an end-of-image marker (FF D9, box size, "ftyp"), or null. */
function motionPhotoVideo(b: Buffer): number | null {
	for (let at = b.indexOf('ftyp'); at >= 6; at = b.indexOf('ftyp', at + 1)) {
		if (b[at - 6] === 0xff && b[at - 5] === 0xd9) return at - 4;
	}
	return null;
}

function pdfEnd(b: Buffer): number | null {
	const eof = b.lastIndexOf('%%EOF');
	if (eof < 0) return null;
	let end = eof + 5;
	while (end < b.length && [0x20, 0x0d, 0x0a, 0x09, 0x0c, 0x00].includes(b[end]!)) end++;
	return end;
}
