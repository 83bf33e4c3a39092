import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { pdfBytes, readPdf } from '../expenses/pdf/fixtures';
import {
	DOCUMENT_MIME_TYPES,
	filesService,
	FileRefused,
	localDiskStorage,
	type FilesService
} from './index';
import {
	docx,
	exifTags,
	heic,
	mp4,
	pdf,
	phoneJpeg,
	pixel,
	png,
	webp,
	windowsProgram,
	zipArchive
} from './test-fixtures';

const GPS_POINTER = 0x8825;
const ORIENTATION = 0x0112;

/** Every file under `dir`, as paths relative to it. */
function listing(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => relative(dir, join(entry.parentPath, entry.name)))
		.sort();
}

const isRed = (c: { r: number; g: number; b: number }) => c.r > 200 && c.g < 60 && c.b < 60;
const isBlue = (c: { r: number; g: number; b: number }) => c.b > 200 && c.r < 60 && c.g < 60;

describe.each(ENGINES)('the files port on %s', (engine) => {
	let test: TestDatabase;
	let dir: string;
	let files: FilesService;

	beforeEach(async () => {
		test = await testDatabase(engine);
		dir = mkdtempSync(join(tmpdir(), 'orgweb-files-'));
		files = filesService(test.db, localDiskStorage(dir), {
			maxBytes: 2 * 1024 * 1024,
			images: { maxSide: 1000, thumbnailSide: 200, maxInputPixels: 50_000_000 }
		});
		const now = new Date().toISOString();
		await test.db
			.insertInto('users')
			.values(
				['ola', 'kari'].map((id) => ({
					id,
					email: `${id}@example.org`,
					name: id,
					password_hash: null,
					locale: 'nb',
					created_at: now,
					email_verified_at: now
				}))
			)
			.execute();
	});

	afterEach(async () => {
		await test.destroy();
		rmSync(dir, { recursive: true, force: true });
	});

	it('keeps a phone photo upright, without EXIF or GPS, bounded in size, with a thumbnail', async () => {
		const photo = await phoneJpeg(1600, 1200);
		expect(await exifTags(photo)).toEqual(expect.arrayContaining([GPS_POINTER, ORIENTATION]));

		const file = await files.accept({
			ownerId: 'ola',
			purpose: 'receipt',
			bytes: photo,
			name: 'IMG_0001.JPG'
		});

		expect(file).toMatchObject({ mimeType: 'image/jpeg', width: 750, height: 1000 });
		const served = (await files.read(file.id, { readerId: 'ola' }))!;
		const meta = await sharp(served.body).metadata();
		expect(meta).toMatchObject({ format: 'jpeg', width: 750, height: 1000 });
		expect(meta.exif).toBeUndefined();
		expect(meta.orientation).toBeUndefined();
		expect(served.body.includes('TestPhone')).toBe(false);
		// Stored sideways with the left half red; turned clockwise, red is on top.
		expect(isRed(await pixel(served.body, 375, 100))).toBe(true);
		expect(isBlue(await pixel(served.body, 375, 900))).toBe(true);

		const thumb = (await files.read(file.id, { readerId: 'ola', variant: 'thumbnail' }))!;
		expect(await sharp(thumb.body).metadata()).toMatchObject({ width: 150, height: 200 });
	});

	it('keeps only the photo of a motion photo, not its video', async () => {
		const photo = Buffer.concat([await phoneJpeg(), mp4()]);
		const file = await files.accept({ ownerId: 'ola', purpose: 'receipt', bytes: photo });
		const served = (await files.read(file.id, { readerId: 'ola' }))!;
		expect(file).toMatchObject({ mimeType: 'image/jpeg', width: 400, height: 600 });
		expect(served.body.includes('ftypmp42')).toBe(false);
	});

	it('tells who uploaded which file, and nothing of files that do not exist', async () => {
		const mine = await files.accept({ ownerId: 'ola', purpose: 'receipt', bytes: await png() });
		const theirs = await files.accept({ ownerId: 'kari', purpose: 'receipt', bytes: await png() });
		const owners = await files.uploaders([mine.id, theirs.id, 'no-such-file']);
		expect([...owners.entries()].sort()).toEqual(
			[
				[mine.id, 'ola'],
				[theirs.id, 'kari']
			].sort()
		);
		expect(await files.uploaders([])).toEqual(new Map());
	});

	it('keeps PNG and WebP in their own format, and a PDF as a new PDF of its pages', async () => {
		const image = await files.accept({ ownerId: 'ola', purpose: 'image', bytes: await png() });
		const still = await files.accept({ ownerId: 'ola', purpose: 'image', bytes: await webp() });
		const doc = Buffer.from(await pdfBytes(['Total 100 NOK']));
		const receipt = await files.accept({ ownerId: 'ola', purpose: 'receipt', bytes: doc });

		expect([image.mimeType, still.mimeType, receipt.mimeType]).toEqual([
			'image/png',
			'image/webp',
			'application/pdf'
		]);
		expect(image).toMatchObject({ width: 300, height: 200 });
		expect(receipt).toMatchObject({ width: null, height: null, thumbnailKey: null });
		const kept = (await files.read(receipt.id, { readerId: 'ola' }))!.body;
		expect(kept.equals(doc)).toBe(false);
		expect((await readPdf(new Uint8Array(kept))).map((p) => p.text)).toEqual(['Total 100 NOK']);
		// The hash is of the upload, so the same receipt uploaded twice is known as such.
		expect(receipt.sha256).toBe(createHash('sha256').update(doc).digest('hex'));
	});

	it('converts an HEIC from heif-enc to a JPEG every browser shows', async (context) => {
		const bytes = await heic(320, 240);
		if (!bytes) return context.skip('heif-enc is not installed (apt-get install libheif-examples)');

		const file = await files.accept({
			ownerId: 'ola',
			purpose: 'receipt',
			bytes,
			name: 'IMG_0420.HEIC'
		});

		expect(file).toMatchObject({ mimeType: 'image/jpeg', width: 320, height: 240 });
		expect(file.originalName).toBe('IMG_0420.jpg');
		const served = (await files.read(file.id, { readerId: 'ola' }))!;
		expect((await sharp(served.body).metadata()).format).toBe('jpeg');
		expect(isRed(await pixel(served.body, 40, 120))).toBe(true);
		expect(isBlue(await pixel(served.body, 280, 120))).toBe(true);
		expect(file.thumbnailKey).not.toBeNull();
	});

	it('refuses an image of more pixels than allowed before decoding it (a decompression bomb)', async () => {
		const bomb = await sharp({
			create: { width: 8000, height: 8000, channels: 3, background: '#fff' }
		})
			.png()
			.toBuffer();
		expect(bomb.length).toBeLessThan(2 * 1024 * 1024);

		await expect(
			files.accept({ ownerId: 'ola', purpose: 'image', bytes: bomb })
		).rejects.toMatchObject({ code: 'image_too_large' });
		expect(listing(dir)).toEqual([]);
	});

	it('refuses an HEIC whose coded image is damaged, keeping nothing', async (context) => {
		const bytes = await heic();
		if (!bytes) return context.skip('heif-enc is not installed (apt-get install libheif-examples)');
		const damaged = Buffer.from(bytes).fill(0xff, bytes.indexOf('mdat') + 4);

		await expect(
			files.accept({ ownerId: 'ola', purpose: 'receipt', bytes: damaged })
		).rejects.toMatchObject({ code: 'unreadable' });
		expect(listing(dir)).toEqual([]);
	});

	it('refuses each disguised or unsafe file and leaves the files folder as it was', async () => {
		await files.accept({ ownerId: 'ola', purpose: 'receipt', bytes: await png() });
		const before = listing(dir);
		const attempts: [string, Buffer, string][] = [
			['kvittering.pdf', windowsProgram(), 'unsupported_type'],
			['kvittering.pdf', Buffer.from('Total: 100 NOK\n'), 'unsupported_type'],
			[
				'kvittering.pdf',
				pdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' }),
				'unsafe_pdf'
			],
			['bilde.png', Buffer.concat([await png(), zipArchive()]), 'polyglot'],
			['bilde.jpg', Buffer.concat([await phoneJpeg(), pdf()]), 'polyglot'],
			['stor.pdf', Buffer.concat([pdf(), Buffer.alloc(2 * 1024 * 1024, 0x20)]), 'too_large'],
			['tom.pdf', Buffer.alloc(0), 'empty']
		];
		for (const [name, bytes, code] of attempts) {
			const refused = await files.accept({ ownerId: 'ola', purpose: 'receipt', bytes, name }).then(
				() => null,
				(error: unknown) => error
			);
			expect(refused, name).toBeInstanceOf(FileRefused);
			expect((refused as FileRefused).code, name).toBe(code);
		}
		expect(listing(dir)).toEqual(before);
		expect(await test.db.selectFrom('files').select('id').execute()).toHaveLength(1);
	});

	it('keeps assistant documents (Word, Markdown, text byte for byte, PDF rebuilt) and serves them as downloads', async () => {
		const word = docx([{ heading: 1, text: 'Vedtekter' }, 'Formålet er å samle studentene.']);
		const cases = [
			{ bytes: word, name: 'vedtekter.docx', mime: DOCUMENT_MIME_TYPES.docx, ext: 'docx' },
			{
				bytes: Buffer.from('# Rutiner\n\nVask opp.'),
				name: 'rutiner.md',
				mime: 'text/markdown; charset=utf-8',
				ext: 'md'
			},
			{
				bytes: Buffer.from('Husregler'),
				name: 'regler',
				mime: 'text/plain; charset=utf-8',
				ext: 'txt'
			},
			{ bytes: pdf(), name: 'referat.pdf', mime: 'application/pdf', ext: 'pdf' }
		];
		for (const c of cases) {
			const file = await files.accept({
				ownerId: 'ola',
				purpose: 'document',
				bytes: c.bytes,
				name: c.name
			});
			expect(file.mimeType).toBe(c.mime);
			expect(file.originalName.endsWith(`.${c.ext}`)).toBe(true);
			const served = (await files.read(file.id, { readerId: 'ola' }))!;
			expect(served.body.equals(c.bytes)).toBe(c.ext !== 'pdf');
			expect(served.headers['content-type']).toBe(c.mime);
			expect(served.headers['content-disposition']).toMatch(/^attachment;/);
		}
	});

	it('refuses Word and text files as receipts, PDFs as content images, and photos and unsafe files as documents, keeping nothing', async () => {
		const word = docx(['Hei']);
		const attempts = [
			{ purpose: 'image' as const, bytes: pdf(), code: 'unsupported_type' },
			{ purpose: 'receipt' as const, bytes: word, code: 'unsupported_type' },
			{
				purpose: 'receipt' as const,
				bytes: Buffer.from('Kvittering 100 kr'),
				code: 'unsupported_type'
			},
			{ purpose: 'document' as const, bytes: await png(), code: 'unsupported_type' },
			{
				purpose: 'document' as const,
				bytes: docx(['Hei'], { macros: true }),
				code: 'unsafe_document'
			},
			{
				purpose: 'document' as const,
				bytes: pdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' }),
				code: 'unsafe_pdf'
			},
			{
				purpose: 'document' as const,
				bytes: Buffer.alloc(3 * 1024 * 1024, 0x61),
				code: 'too_large'
			}
		];
		for (const a of attempts) {
			const refused = await files
				.accept({ ownerId: 'ola', purpose: a.purpose, bytes: a.bytes, name: 'x.docx' })
				.then(
					() => null,
					(error: unknown) => error
				);
			expect(refused).toBeInstanceOf(FileRefused);
			expect((refused as FileRefused).code).toBe(a.code);
		}
		expect(listing(dir)).toEqual([]);
		expect(await test.db.selectFrom('files').select('id').execute()).toEqual([]);
	});

	it('accepts several photos uploaded at the same moment', async () => {
		const photos = await Promise.all([1, 2, 3, 4, 5].map(() => phoneJpeg(800, 600)));
		const kept = await Promise.all(
			photos.map((bytes) => files.accept({ ownerId: 'ola', purpose: 'receipt', bytes }))
		);
		expect(kept.map((f) => [f.width, f.height])).toEqual(Array(5).fill([600, 800]));
		expect(listing(dir)).toHaveLength(10);
	});

	it('removes what it wrote when the row cannot be saved', async () => {
		const before = listing(dir);
		await expect(
			files.accept({ ownerId: 'nobody', purpose: 'receipt', bytes: await png() })
		).rejects.toThrow();
		expect(listing(dir)).toEqual(before);
	});

	it('keeps bytes under random names, never the uploader’s name or the content’s hash', async () => {
		const bytes = await png();
		const a = await files.accept({ ownerId: 'ola', purpose: 'image', bytes, name: 'secret.png' });
		const b = await files.accept({ ownerId: 'ola', purpose: 'image', bytes, name: 'secret.png' });

		const names = listing(dir);
		// Each: the file, its thumbnail, and its one size (narrower than 480 px) as AVIF and WebP.
		expect(names).toHaveLength(8);
		for (const name of names) expect(name).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
		expect(names.join()).not.toContain('secret');
		expect(names.join()).not.toContain(a.sha256.slice(0, 32));
		expect(a.storageKey).not.toBe(b.storageKey);
		expect(a.sha256).toBe(b.sha256);
	});

	it('lets the owner read a file and a stranger not, unless the caller allows them', async () => {
		const file = await files.accept({
			ownerId: 'ola',
			purpose: 'receipt',
			bytes: pdf(),
			name: 'Kvittering «mat».pdf'
		});

		const owner = await files.read(file.id, { readerId: 'ola' });
		expect(owner?.headers).toMatchObject({
			'content-type': 'application/pdf',
			'x-content-type-options': 'nosniff',
			'content-disposition': `attachment; filename="Kvittering _mat_.pdf"; filename*=UTF-8''Kvittering%20%C2%ABmat%C2%BB.pdf`
		});
		expect(await files.read(file.id, { readerId: 'kari' })).toBeNull();
		expect(await files.read(file.id, { readerId: null })).toBeNull();
		expect(await files.read(file.id, { readerId: 'kari', mayRead: () => false })).toBeNull();
		const approver = await files.read(file.id, {
			readerId: 'kari',
			mayRead: (f) => f.purpose === 'receipt'
		});
		expect(approver?.body.equals(owner!.body)).toBe(true);
	});

	it('serves images inline', async () => {
		const file = await files.accept({ ownerId: 'ola', purpose: 'image', bytes: await webp() });
		const served = await files.read(file.id, { readerId: 'ola' });
		expect(served?.headers['content-disposition']).toMatch(/^inline; filename="image\.webp"/);
	});

	it('deletes a file with its thumbnail, and answers a deleted file as missing', async () => {
		const keep = await files.accept({ ownerId: 'ola', purpose: 'image', bytes: await png() });
		const before = listing(dir);
		const gone = await files.accept({ ownerId: 'ola', purpose: 'image', bytes: await png() });

		await files.delete(gone.id);
		await files.delete(gone.id);

		expect(listing(dir)).toEqual(before);
		expect(await files.read(gone.id, { readerId: 'ola' })).toBeNull();
		expect(await files.read(keep.id, { readerId: 'ola' })).not.toBeNull();
	});
});
