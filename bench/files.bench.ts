// Accepting a 10 MB phone photo through the files port (type check, polyglot rule, EXIF
// orientation, metadata stripped, downscaled to 2560 px, thumbnail, two atomic writes and the
// row in SQLite), against the baseline of only reading the same bytes from disk and hashing them.
// The same for a 12 MP iPhone-sized HEIC made by heif-enc (when installed): decoded by libheif in
// WebAssembly, then as above, kept as JPEG.
// And PDFs (issue 36): accepting a three-page invoice (byte-level limits, then the rebuild by
// pdf-lib in a bounded worker, kept warm after the first upload) against
// reading and hashing it, and the refusal of the review's hostile receipts: 160,000 objects
// (refused from its bytes) and a stream that inflates to 4 GiB (refused once 256 MiB inflated).
// Run: npx vitest bench --run --project unit bench/files.bench.ts   (the summary prints the ratios)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { bench, describe } from 'vitest';
import { migrate, openSqlite } from '../src/lib/server/db';
import { pdfBytes } from '../src/lib/server/expenses/pdf/fixtures';
import { FileRefused, filesService, localDiskStorage } from '../src/lib/server/files';
import { flateBombPdf, objectBombPdf } from '../src/lib/server/files/hostile-fixtures';

const MAX_BYTES = 10 * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-files-'));

// A 4000×3000 photo of noise (compresses worse than any real photo, so this is the heavy end),
// at the highest JPEG quality that stays under the 10 MB limit, with EXIF orientation and GPS.
async function phonePhoto(): Promise<Buffer> {
	const noise = sharp({
		create: {
			width: 4000,
			height: 3000,
			channels: 3,
			noise: { type: 'gaussian', mean: 128, sigma: 40 }
		}
	});
	const raw = await noise.raw().toBuffer();
	for (let quality = 95; quality > 40; quality -= 5) {
		const jpeg = await sharp(raw, { raw: { width: 4000, height: 3000, channels: 3 } })
			.jpeg({ quality })
			.withMetadata({ orientation: 6 })
			.withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '63/1 25/1 0/1' } })
			.toBuffer();
		if (jpeg.length <= MAX_BYTES) return jpeg;
	}
	throw new Error('could not make a photo under the limit');
}

// 4032×3024 like an iPhone's; less noise than the JPEG, since x265 takes long on pure noise.
async function iphoneHeic(): Promise<string | null> {
	if (!existsSync('/usr/bin/heif-enc')) return null;
	const png = join(dir, 'in.png');
	const heic = join(dir, 'IMG_0002.HEIC');
	await sharp({
		create: {
			width: 4032,
			height: 3024,
			channels: 3,
			noise: { type: 'gaussian', mean: 128, sigma: 8 }
		}
	})
		.png({ compressionLevel: 1 })
		.toFile(png);
	const run = spawnSync('/usr/bin/heif-enc', ['-q', '75', '-o', heic, png]);
	if (run.status !== 0) throw new Error(`heif-enc failed: ${run.stderr}`);
	if (readFileSync(heic).length > MAX_BYTES) throw new Error('the HEIC is over the limit');
	return heic;
}

const photo = await phonePhoto();
const heicFile = await iphoneHeic();
const photoFile = join(dir, 'IMG_0001.JPG');
writeFileSync(photoFile, photo);
const db = openSqlite(join(dir, 'bench.db'));
await migrate(db);
await db
	.insertInto('users')
	.values({
		id: 'u1',
		email: 'u1@example.org',
		name: 'U',
		password_hash: null,
		locale: 'nb',
		created_at: new Date().toISOString(),
		email_verified_at: null
	})
	.execute();
const files = filesService(db, localDiskStorage(join(dir, 'files')), { maxBytes: MAX_BYTES });

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
console.log(`photo: 4000×3000 JPEG, ${mib(photo.length)}`);
if (heicFile) console.log(`photo: 4032×3024 HEIC, ${mib(readFileSync(heicFile).length)}`);
else console.log('heif-enc is not installed: no HEIC figure (apt-get install libheif-examples)');

describe(`a ${mib(photo.length)} 4000×3000 phone photo`, () => {
	bench(
		'baseline: read the bytes and hash them',
		async () => {
			const bytes = await readFile(photoFile);
			createHash('sha256').update(bytes).digest('hex');
		},
		{ iterations: 10, time: 0, warmupIterations: 1 }
	);
	bench(
		'accept: read, check, normalise, thumbnail, store',
		async () => {
			const bytes = await readFile(photoFile);
			await files.accept({ ownerId: 'u1', purpose: 'receipt', bytes, name: 'IMG_0001.JPG' });
		},
		{ iterations: 5, time: 0, warmupIterations: 1 }
	);
	if (heicFile) {
		bench(
			'accept a 4032×3024 HEIC: decode (WebAssembly), normalise, store as JPEG',
			async () => {
				const bytes = await readFile(heicFile);
				await files.accept({ ownerId: 'u1', purpose: 'receipt', bytes, name: 'IMG_0002.HEIC' });
			},
			{ iterations: 3, time: 0, warmupIterations: 1 }
		);
	}
});

const invoice = Buffer.from(await pdfBytes(['Invoice page one', 'Invoice page two', 'Page three']));
const hostile = { objects: objectBombPdf(160_000), stream: await flateBombPdf(4096 * 1024 * 1024) };
const refused = async (bytes: Buffer) => {
	try {
		await files.accept({ ownerId: 'u1', purpose: 'receipt', bytes, name: 'hostile.pdf' });
	} catch (error) {
		if (error instanceof FileRefused) return;
		throw error;
	}
	throw new Error('a hostile PDF was accepted');
};

describe('a PDF receipt', () => {
	bench(
		'baseline: hash a three-page invoice',
		async () => {
			createHash('sha256').update(invoice).digest('hex');
		},
		{ iterations: 10, time: 0, warmupIterations: 1 }
	);
	bench(
		'accept a three-page invoice: limits, rebuild in a bounded worker, store',
		async () => {
			await files.accept({ ownerId: 'u1', purpose: 'receipt', bytes: invoice, name: 'f.pdf' });
		},
		{ iterations: 5, time: 0, warmupIterations: 1 }
	);
	bench(
		`refuse ${mib(hostile.objects.length)} of 160,000 objects`,
		() => refused(hostile.objects),
		{ iterations: 3, time: 0, warmupIterations: 1 }
	);
	bench(
		`refuse a ${hostile.stream.length} B stream that inflates to 4 GiB`,
		() => refused(hostile.stream),
		{ iterations: 3, time: 0, warmupIterations: 1 }
	);
});
