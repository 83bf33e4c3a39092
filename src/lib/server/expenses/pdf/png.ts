// A PNG is checked here before pdf-lib decodes it: pdf-lib's bundled pure-JS inflate (UPNG) never
// returned on some damaged PNGs the property test made (a cut-short file with changed bytes), and
// it runs synchronously, so nothing could stop it. Every chunk's CRC, the image header, and the
// image data inflated by node:zlib to exactly the size the header promises: only such a PNG goes on.
import { crc32, inflateSync } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// Colour type: channels and the bit depths the PNG specification allows for it.
const COLOURS: Partial<Record<number, { channels: number; depths: number[] }>> = {
	0: { channels: 1, depths: [1, 2, 4, 8, 16] },
	2: { channels: 3, depths: [8, 16] },
	3: { channels: 1, depths: [1, 2, 4, 8] },
	4: { channels: 2, depths: [8, 16] },
	6: { channels: 4, depths: [8, 16] }
};
// Adam7 passes: x start, y start, x step, y step.
const ADAM7 = [
	[0, 0, 8, 8],
	[4, 0, 8, 8],
	[0, 4, 4, 8],
	[2, 0, 4, 4],
	[0, 2, 2, 4],
	[1, 0, 2, 2],
	[0, 1, 1, 2]
] as const;

/** `too_large`: over `maxPixels`; `damaged`: anything else wrong, pdf-lib must not see it. */
export type PngCheck = 'ok' | 'too_large' | 'damaged';

/** Bytes of filtered scanlines the header promises: one filter byte per row of each pass. */
function rawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean) {
	const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
	let size = 0;
	for (const [x0, y0, dx, dy] of passes) {
		const w = Math.ceil((width - x0) / dx);
		const h = Math.ceil((height - y0) / dy);
		if (w > 0 && h > 0) size += h * (1 + Math.ceil((w * bitsPerPixel) / 8));
	}
	return size;
}

export function checkPng(bytes: Uint8Array, maxPixels: number): PngCheck {
	const fail = 'damaged';
	if (bytes.byteLength < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) return fail;
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const data: Uint8Array[] = [];
	let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean } | null =
		null;
	let ended = false;
	for (let at = 8; at < bytes.byteLength && !ended;) {
		if (at + 12 > bytes.byteLength) return fail;
		const length = view.getUint32(at);
		if (at + 12 + length > bytes.byteLength) return fail;
		const typeAndBody = bytes.subarray(at + 4, at + 8 + length);
		if (crc32(typeAndBody) !== view.getUint32(at + 8 + length)) return fail;
		const type = String.fromCharCode(...typeAndBody.subarray(0, 4));
		const body = typeAndBody.subarray(4);
		if (type === 'IHDR') {
			if (length !== 13 || header) return fail;
			const width = view.getUint32(at + 8);
			const height = view.getUint32(at + 12);
			const [depth = 0, colour = -1, , , interlace = 0] = body.subarray(8);
			const kind = COLOURS[colour];
			if (!width || !height || !kind?.depths.includes(depth) || interlace > 1) return fail;
			if (width * height > maxPixels) return 'too_large';
			header = { width, height, bitsPerPixel: kind.channels * depth, interlaced: interlace === 1 };
		} else if (type === 'IDAT') data.push(body);
		else if (type === 'IEND') ended = true;
		at += 12 + length;
	}
	if (!header || !ended || data.length === 0) return fail;
	const expected = rawSize(header.width, header.height, header.bitsPerPixel, header.interlaced);
	try {
		const raw = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
		if (raw.byteLength !== expected) return fail;
	} catch {
		return fail;
	}
	return 'ok';
}
