// Real files for the files tests, made at run time: images by sharp, HEIC by Debian's heif-enc
// (libheif-examples), PDFs written out by hand so each test says exactly what is in them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

/** Left half red, right half blue: after a rotation one can tell which way it turned. */
function halves(width: number, height: number) {
	const half = Math.floor(width / 2);
	return sharp({ create: { width, height, channels: 3, background: RED } }).composite([
		{
			input: { create: { width: width - half, height, channels: 3, background: BLUE } },
			left: half,
			top: 0
		}
	]);
}

/**
 * A phone photo: stored sideways with EXIF orientation 6 (turn 90° clockwise to view), the
 * camera's make and a GPS position.
 */
export async function phoneJpeg(width = 600, height = 400): Promise<Buffer> {
	const flat = await halves(width, height).jpeg().toBuffer();
	return sharp(flat)
		.jpeg({ quality: 90 })
		.withMetadata({ orientation: 6 })
		.withExifMerge({
			IFD0: { Make: 'TestPhone' },
			IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '63/1 25/1 0/1' }
		})
		.toBuffer();
}

export async function png(width = 300, height = 200): Promise<Buffer> {
	return halves(width, height).png().toBuffer();
}

export async function webp(width = 300, height = 200): Promise<Buffer> {
	return halves(width, height).webp().toBuffer();
}

export const HEIF_ENC = '/usr/bin/heif-enc';

/** An HEVC-coded HEIC made by heif-enc from a PNG, or null when heif-enc is not installed. */
export async function heic(width = 320, height = 240): Promise<Buffer | null> {
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-heic-'));
	try {
		writeFileSync(join(dir, 'in.png'), await png(width, height));
		const run = spawnSync(HEIF_ENC, ['-q', '70', '-o', join(dir, 'out.heic'), join(dir, 'in.png')]);
		if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') return null;
		if (run.status !== 0) throw new Error(`heif-enc failed: ${run.stderr}`);
		return readFileSync(join(dir, 'out.heic'));
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The colour of the pixel at (x, y) of an encoded image. */
export async function pixel(image: Buffer, x: number, y: number) {
	const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
	const at = (y * info.width + x) * info.channels;
	return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

/** The tag numbers of a JPEG's EXIF IFD0 (0x8825 points to the GPS data). */
export async function exifTags(jpeg: Buffer): Promise<number[]> {
	const { exif } = await sharp(jpeg).metadata();
	if (!exif) return [];
	const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
	const little = tiff.toString('latin1', 0, 2) === 'II';
	const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
	const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
	const ifd = u32(4);
	return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

/**
 * A PDF of one page whose objects are `objects` after the catalog (1), pages (2) and page (3),
 * with a cross-reference table at the right offsets. `catalog` adds entries to the catalog.
 */
export function pdf(options: { catalog?: string; objects?: (string | Buffer)[] } = {}): Buffer {
	const objects: (string | Buffer)[] = [
		`<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''} >>`,
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
		...(options.objects ?? [])
	];
	const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
	const offsets: number[] = [];
	let length = parts[0]!.length;
	objects.forEach((body, i) => {
		const chunk = Buffer.concat([
			Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
			typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
			Buffer.from('\nendobj\n', 'latin1')
		]);
		offsets.push(length);
		parts.push(chunk);
		length += chunk.length;
	});
	const xref = [
		'xref',
		`0 ${objects.length + 1}`,
		'0000000000 65535 f ',
		...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
		'trailer',
		`<< /Size ${objects.length + 1} /Root 1 0 R >>`,
		'startxref',
		String(length),
		'%%EOF',
		''
	].join('\n');
	return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** A stream object whose data is `content` compressed with FlateDecode. */
export function flateStream(content: string, dictionary = ''): Buffer {
	const data = deflateSync(Buffer.from(content, 'latin1'));
	return Buffer.concat([
		Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode ${dictionary} >>\nstream\n`),
		data,
		Buffer.from('\nendstream', 'latin1')
	]);
}

/** The first bytes of a Windows program (MZ header, PE signature) and some padding. */
export function windowsProgram(): Buffer {
	const exe = Buffer.alloc(1024);
	exe.write('MZ', 0, 'latin1');
	exe.writeUInt32LE(0x80, 0x3c);
	exe.write('PE\0\0', 0x80, 'latin1');
	return exe;
}

/** A minimal ZIP archive holding one stored file (what a polyglot appends). */
export function zipArchive(): Buffer {
	const name = Buffer.from('payload.js');
	const content = Buffer.from('alert(1)');
	const local = Buffer.alloc(30);
	local.write('PK\x03\x04', 0, 'latin1');
	local.writeUInt32LE(content.length, 18);
	local.writeUInt32LE(content.length, 22);
	local.writeUInt16LE(name.length, 26);
	const central = Buffer.alloc(46);
	central.write('PK\x01\x02', 0, 'latin1');
	central.writeUInt32LE(content.length, 20);
	central.writeUInt32LE(content.length, 24);
	central.writeUInt16LE(name.length, 28);
	const localSize = local.length + name.length + content.length;
	const end = Buffer.alloc(22);
	end.write('PK\x05\x06', 0, 'latin1');
	end.writeUInt16LE(1, 8);
	end.writeUInt16LE(1, 10);
	end.writeUInt32LE(central.length + name.length, 12);
	end.writeUInt32LE(localSize, 16);
	return Buffer.concat([local, name, content, central, name, end]);
}

// The boxes of a short MP4 as a phone appends it to a motion photo: ftyp, then mdat.
export function mp4(): Buffer {
	const ftyp = Buffer.alloc(24);
	ftyp.writeUInt32BE(24, 0);
	ftyp.write('ftypmp42', 4, 'latin1');
	ftyp.write('isommp42', 16, 'latin1');
	const mdat = Buffer.alloc(8 + 1000, 0x5a);
	mdat.writeUInt32BE(mdat.length, 0);
	mdat.write('mdat', 4, 'latin1');
	return Buffer.concat([ftyp, mdat]);
}

/** A ZIP of `entries`, deflated, as Word and every archiver write one. */
export function zipOf(entries: Record<string, string | Buffer>, options: { flags?: number } = {}) {
	const locals: Buffer[] = [];
	const centrals: Buffer[] = [];
	let offset = 0;
	for (const [entryName, content] of Object.entries(entries)) {
		const name = Buffer.from(entryName);
		const raw = typeof content === 'string' ? Buffer.from(content) : content;
		const data = deflateRawSync(raw);
		const header = Buffer.alloc(30);
		header.writeUInt32LE(0x04034b50, 0);
		header.writeUInt16LE(20, 4);
		header.writeUInt16LE(options.flags ?? 0, 6);
		header.writeUInt16LE(8, 8);
		header.writeUInt32LE(crc32(raw), 14);
		header.writeUInt32LE(data.length, 18);
		header.writeUInt32LE(raw.length, 22);
		header.writeUInt16LE(name.length, 26);
		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(20, 4);
		central.writeUInt16LE(20, 6);
		central.writeUInt16LE(options.flags ?? 0, 8);
		central.writeUInt16LE(8, 10);
		central.writeUInt32LE(crc32(raw), 16);
		central.writeUInt32LE(data.length, 20);
		central.writeUInt32LE(raw.length, 24);
		central.writeUInt16LE(name.length, 28);
		central.writeUInt32LE(offset, 42);
		locals.push(header, name, data);
		centrals.push(central, name);
		offset += header.length + name.length + data.length;
	}
	const directory = Buffer.concat(centrals);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(Object.keys(entries).length, 8);
	end.writeUInt16LE(Object.keys(entries).length, 10);
	end.writeUInt32LE(directory.length, 12);
	end.writeUInt32LE(offset, 16);
	return Buffer.concat([...locals, directory, end]);
}

const MAIN_TYPE =
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const MACRO_TYPE = 'application/vnd.ms-word.document.macroEnabled.main+xml';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A Word document whose body is `paragraphs`, each a plain paragraph or a heading
 * (`{ heading: 1, text }`, style Heading1). `macros` makes it a .docm with a VBA project.
 */
export function docx(
	paragraphs: (string | { heading: number; text: string })[],
	options: { macros?: boolean; encrypted?: boolean } = {}
): Buffer {
	const body = paragraphs
		.map((p) =>
			typeof p === 'string'
				? `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`
				: `<w:p><w:pPr><w:pStyle w:val="Heading${p.heading}"/></w:pPr><w:r><w:t>${escapeXml(p.text)}</w:t></w:r></w:p>`
		)
		.join('');
	const entries: Record<string, string | Buffer> = {
		'[Content_Types].xml':
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
			`<Override PartName="/word/document.xml" ContentType="${options.macros ? MACRO_TYPE : MAIN_TYPE}"/></Types>`,
		'_rels/.rels':
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
		'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`
	};
	if (options.macros) entries['word/vbaProject.bin'] = Buffer.from('not really VBA');
	return zipOf(entries, { flags: options.encrypted ? 1 : 0 });
}
