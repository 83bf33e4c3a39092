// Image normalisation: what is kept of a photo is pixels, upright, bounded in size, without
// metadata (no GPS, no camera serial), in a format every browser shows, and a thumbnail.
// HEIC is decoded by libheif compiled to WebAssembly (heic-decode, in a worker: heic.ts): sharp's
// prebuilt libvips has no HEVC decoder (patents), so sharp gets raw pixels from it
// (docs/decisions.md, 2026-11-23). At most two images are normalised at once per process: each
// holds its decoded pixels (48 MB for 12 MP) until it is written.
// sharp stays in the server's own process (docs/decisions.md, 2026-11-27, bounded parsing): its
// memory is libvips's, outside the JS heap a worker's limit would bound, and libvips reads a file
// as a stream. What bounds it is the pixel count, read from the header before anything is
// decoded, and libvips's own time limit on each pipeline.
import type { Sharp } from 'sharp';
import { loadSharp } from './sharp';
import { BoundedLimitReached } from './bounded-worker';
import { decodeHeic } from './heic';
import { FILE_LIMITS } from './limits';
import { FileRefused, type DetectedType } from './types';

export interface ImageLimits {
	/** The longest side of a kept image, in pixels. */
	maxSide: number;
	/** The longest side of a thumbnail. */
	thumbnailSide: number;
	/** Images with more pixels than this are refused before decoding (decompression bombs). */
	maxInputPixels: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
	maxSide: 2560,
	thumbnailSide: 400,
	maxInputPixels: 50_000_000
};

export interface NormalisedImage {
	bytes: Buffer;
	thumbnail: Buffer;
	mimeType: string;
	width: number;
	height: number;
}

const OUTPUT: Record<Exclude<DetectedType, 'pdf'>, 'jpeg' | 'png' | 'webp'> = {
	jpeg: 'jpeg',
	heic: 'jpeg',
	png: 'png',
	webp: 'webp'
};

const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

export async function normaliseImage(
	type: Exclude<DetectedType, 'pdf'>,
	input: Buffer,
	limits: ImageLimits = DEFAULT_IMAGE_LIMITS
): Promise<NormalisedImage> {
	// A finished run hands its slot to the next waiting one, so never more than AT_ONCE run.
	if (running < AT_ONCE) running++;
	else await new Promise<void>((resolve) => waiting.push(resolve));
	try {
		return await normalise(type, input, limits);
	} finally {
		const next = waiting.shift();
		if (next) next();
		else running--;
	}
}

async function normalise(
	type: Exclude<DetectedType, 'pdf'>,
	input: Buffer,
	limits: ImageLimits
): Promise<NormalisedImage> {
	const format = OUTPUT[type];
	const sharp = await loadSharp();
	try {
		const upright = await decode(type, input, limits);
		const { data: bytes, info } = await encode(
			upright.resize(limits.maxSide, limits.maxSide, {
				fit: 'inside',
				withoutEnlargement: true
			}),
			format
		).toBuffer({ resolveWithObject: true });
		const thumbnail = await encode(
			sharp(bytes).resize(limits.thumbnailSide, limits.thumbnailSide, {
				fit: 'inside',
				withoutEnlargement: true
			}),
			format
		).toBuffer();
		return {
			bytes,
			thumbnail,
			mimeType: `image/${format}`,
			width: info.width,
			height: info.height
		};
	} catch (error) {
		if (error instanceof FileRefused) throw error;
		const message = String((error as Error)?.message);
		if (error instanceof BoundedLimitReached || /^timeout:/.test(message)) {
			throw new FileRefused('too_costly', `a ${type} that takes too long to decode`);
		}
		if (/pixel limit/i.test(message)) {
			throw new FileRefused('image_too_large', 'more pixels than allowed');
		}
		throw new FileRefused('unreadable', `a ${type} that cannot be decoded`);
	}
}

// EXIF orientation is applied here (rotate() without an angle); every later step works on upright
// pixels and writes no metadata (sharp keeps none unless asked to).
async function decode(
	type: Exclude<DetectedType, 'pdf'>,
	input: Buffer,
	limits: ImageLimits
): Promise<Sharp> {
	const sharp = await loadSharp();
	if (type !== 'heic') {
		return sharp(input, { limitInputPixels: limits.maxInputPixels, failOn: 'error' }).rotate();
	}
	const { width, height } = await sharp(input).metadata();
	if (!width || !height) throw new FileRefused('unreadable', 'a HEIC without a size');
	if (width * height > limits.maxInputPixels) {
		throw new FileRefused('image_too_large', 'more pixels than allowed');
	}
	// libheif applies the container's rotation and mirroring itself.
	const image = await decodeHeic(input);
	return sharp(image.data, {
		raw: { width: image.width, height: image.height, channels: 4 }
	}).removeAlpha();
}

const TIMEOUT = { seconds: FILE_LIMITS.parseTimeoutMs / 1000 };

function encode(image: Sharp, format: 'jpeg' | 'png' | 'webp'): Sharp {
	if (format === 'jpeg') return image.jpeg({ quality: 82 }).timeout(TIMEOUT);
	if (format === 'png') return image.png().timeout(TIMEOUT);
	return image.webp({ quality: 82 }).timeout(TIMEOUT);
}

/** The widths a content image is offered in (smaller ones for phones), besides its own. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
export type VariantFormat = 'avif' | 'webp';

export interface ImageVariant {
	format: VariantFormat;
	width: number;
	height: number;
	bytes: Buffer;
}

/**
 * A content image in the sizes a page's srcset offers, as AVIF and WebP: made once, when it is
 * uploaded, never per request. Widths above the image's own are not made (no enlargement); the
 * largest offered is the image's own width when that is below 1600.
 */
export async function responsiveVariants(image: Buffer, width: number): Promise<ImageVariant[]> {
	const sharp = await loadSharp();
	const widths = [...VARIANT_WIDTHS.filter((w) => w < width), Math.min(width, 1600)];
	const variants: ImageVariant[] = [];
	for (const w of [...new Set(widths)]) {
		for (const format of ['avif', 'webp'] as const) {
			const resized = sharp(image).resize({ width: w, withoutEnlargement: true });
			const encoded =
				format === 'avif'
					? resized.avif({ quality: 50, effort: 2 })
					: resized.webp({ quality: 78 });
			const { data, info } = await encoded.timeout(TIMEOUT).toBuffer({ resolveWithObject: true });
			variants.push({ format, width: info.width, height: info.height, bytes: data });
		}
	}
	return variants;
}
