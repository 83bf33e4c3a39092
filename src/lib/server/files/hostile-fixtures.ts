// Hostile uploads, made in code (no binary blobs in the repository): each is a well-formed file of
// its kind built to cost a parser memory or time, or to hide from a check what a reader would find.
// Test and bench use only (the hostile-file corpus, issue 36).
import { constants, crc32, deflateRawSync, deflateSync, inflateRawSync } from 'node:zlib';
import { VerbosityLevel, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { docx, pdf, zipOf } from './test-fixtures';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/**
 * A valid one-page PDF followed by `objects` tiny objects (a small array each), listed in the
 * cross-reference table: 160,000 of them make about 9 MiB, each costing a PDF library its parse.
 */
export function objectBombPdf(objects = 160_000): Buffer {
	const filler = Array.from({ length: objects }, (_, i) => `[${i} 1 2 3]`);
	return pdf({ objects: filler });
}

/**
 * Deflate-compressed zeros (zlib format), `size` bytes of them when inflated (rounded up to 16
 * MiB), made without compressing them all: one block of 16 MiB of zeros ends in a full flush, so
 * it decodes the same wherever it stands, and is repeated; the Adler-32 of n zeros is (n mod
 * 65521) << 16 | 1.
 */
export function deflatedZeros(size: number): Buffer {
	const chunk = 16 * 1024 * 1024;
	const block = deflateRawSync(Buffer.alloc(chunk), {
		level: 9,
		finishFlush: constants.Z_FULL_FLUSH
	});
	const count = Math.ceil(size / chunk);
	const adler = Buffer.alloc(4);
	adler.writeUInt32BE((((count * chunk) % 65521) * 65536 + 1) >>> 0);
	return Buffer.concat([
		Buffer.from([0x78, 0xda]),
		...Array.from({ length: count }, () => block),
		Buffer.from([0x03, 0x00]), // a last, empty block
		adler
	]);
}

/**
 * A one-page PDF whose page content is a stream of `inflated` zero bytes compressed twice
 * (`/Filter [/FlateDecode /FlateDecode]`): a few kilobytes that a reader inflates to `inflated`.
 */
export async function flateBombPdf(inflated = 1024 * 1024 * 1024): Promise<Buffer> {
	const data = deflateSync(deflatedZeros(inflated));
	const stream = Buffer.concat([
		latin1(`<< /Length ${data.length} /Filter [/FlateDecode /FlateDecode] >>\nstream\n`),
		data,
		latin1('\nendstream')
	]);
	const bytes = pdf({ objects: [stream] });
	return Buffer.from(
		bytes
			.toString('latin1')
			.replace('/MediaBox [0 0 595 842]', '/MediaBox [0 0 595 842] /Contents 4 0 R'),
		'latin1'
	);
}

/** A PDF whose catalog holds an array nested `depth` deep (a parser that recurses overflows). */
export function deepNestingPdf(depth = 100_000): Buffer {
	return pdf({ catalog: `/Deep ${'['.repeat(depth)}${']'.repeat(depth)}` });
}

export type HiddenEncoding = 'double-flate' | 'predictor' | 'hex-flate';

/**
 * A one-page PDF with text whose catalog, holding an /OpenAction that runs JavaScript, is inside
 * an object stream encoded so that a check inflating object streams once sees nothing of it:
 * twice deflated, deflated with a PNG predictor, or deflated then hex-encoded. A cross-reference
 * stream (PDF 1.5) finds it there, as every reader does.
 */
export function hiddenScriptPdf(encoding: HiddenEncoding = 'double-flate'): Buffer {
	const catalog =
		"<< /Type /Catalog /Pages 3 0 R /OpenAction << /S /JavaScript /JS (app.alert('bypass')) >> >>";
	const header = '2 0 ';
	const raw = latin1(header + catalog);
	const { data, dictionary } = encodeObjectStream(raw, encoding);
	const content = 'BT /F1 14 Tf 72 720 Td (Receipt total 100 NOK, paid by card) Tj ET';
	const objects: Buffer[] = [
		Buffer.concat([
			latin1(
				`<< /Type /ObjStm /N 1 /First ${header.length} /Length ${data.length} ${dictionary} >>\nstream\n`
			),
			data,
			latin1('\nendstream')
		]),
		latin1(''), // 2: in the object stream
		latin1('<< /Type /Pages /Kids [4 0 R] /Count 1 >>'),
		latin1(
			'<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>'
		),
		latin1(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`),
		latin1('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
	];
	const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
	let length = parts[0]!.length;
	const offsets = new Map<number, number>();
	objects.forEach((body, i) => {
		const number = i + 1;
		if (number === 2) return;
		const chunk = Buffer.concat([latin1(`${number} 0 obj\n`), body, latin1('\nendobj\n')]);
		offsets.set(number, length);
		parts.push(chunk);
		length += chunk.length;
	});
	// The cross-reference stream is object 7: /W [1 4 2], type 1 (offset) or 2 (in object stream 1).
	const size = 8;
	offsets.set(7, length);
	const rows = Buffer.alloc(size * 7);
	for (let n = 0; n < size; n++) {
		const row = rows.subarray(n * 7, n * 7 + 7);
		if (n === 0) row.set([0, 0, 0, 0, 0, 0xff, 0xff]);
		else if (n === 2) {
			row[0] = 2;
			row.writeUInt32BE(1, 1);
			row.writeUInt16BE(0, 5);
		} else {
			row[0] = 1;
			row.writeUInt32BE(offsets.get(n)!, 1);
		}
	}
	const xref = Buffer.concat([
		latin1(
			`7 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 2 0 R /Length ${rows.length} >>\nstream\n`
		),
		rows,
		latin1('\nendstream\nendobj\n')
	]);
	parts.push(xref, latin1(`startxref\n${length}\n%%EOF\n`));
	return Buffer.concat(parts);
}

function encodeObjectStream(
	raw: Buffer,
	encoding: HiddenEncoding
): { data: Buffer; dictionary: string } {
	switch (encoding) {
		case 'double-flate':
			return {
				data: deflateSync(deflateSync(raw)),
				dictionary: '/Filter [/FlateDecode /FlateDecode]'
			};
		case 'hex-flate':
			return {
				data: latin1(deflateSync(raw).toString('hex') + '>'),
				dictionary: '/Filter [/ASCIIHexDecode /FlateDecode]'
			};
		case 'predictor': {
			// PNG "Up" predictor rows (filter byte 2) of `columns` bytes; the first row has none above.
			const columns = 8;
			const padded = Buffer.concat([
				raw,
				Buffer.alloc((columns - (raw.length % columns)) % columns, 0x20)
			]);
			const rows: Buffer[] = [];
			for (let at = 0; at < padded.length; at += columns) {
				const row = Buffer.alloc(columns + 1);
				row[0] = 2;
				for (let i = 0; i < columns; i++) {
					const above = at >= columns ? padded[at - columns + i]! : 0;
					row[i + 1] = (padded[at + i]! - above) & 0xff;
				}
				rows.push(row);
			}
			return {
				data: deflateSync(Buffer.concat(rows)),
				dictionary: `/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns ${columns} >>`
			};
		}
	}
}

/** A Word document whose `word/styles.xml` is `bytes` of repeated styles (mammoth reads it whole). */
export function stylesBombDocx(bytes = 8 * 1024 * 1024): Buffer {
	const style =
		'<w:style w:type="paragraph" w:styleId="S"><w:name w:val="Style"/><w:rPr><w:b/></w:rPr></w:style>';
	const styles = `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${style.repeat(Math.ceil(bytes / style.length))}</w:styles>`;
	return withEntries(docx(['A short document.']), {
		'word/styles.xml': styles,
		'word/_rels/document.xml.rels':
			'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>'
	});
}

/** A Word document whose `word/document.xml` inflates to `bytes` of one long paragraph of text. */
export function documentBombDocx(bytes = 64 * 1024 * 1024): Buffer {
	const open =
		'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
	const paragraph =
		'<w:p><w:r><w:t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</w:t></w:r></w:p>';
	const body = paragraph.repeat(Math.ceil(bytes / paragraph.length));
	return withEntries(docx(['x']), { 'word/document.xml': `${open}${body}</w:body></w:document>` });
}

/** A Word document whose body nests `depth` elements (a recursive converter overflows). */
export function deepNestingDocx(depth = 50_000): Buffer {
	const open =
		'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
	const nested = '<w:sdt><w:sdtContent>'.repeat(depth) + '</w:sdtContent></w:sdt>'.repeat(depth);
	return withEntries(docx(['x']), {
		'word/document.xml': `${open}${nested}<w:p><w:r><w:t>end</w:t></w:r></w:p></w:body></w:document>`
	});
}

/** `base` (a ZIP from test-fixtures' zipOf) with `entries` added or replaced. */
function withEntries(base: Buffer, entries: Record<string, string | Buffer>): Buffer {
	return zipOf({ ...unzip(base), ...entries });
}

function unzip(zip: Buffer): Record<string, Buffer> {
	const out: Record<string, Buffer> = {};
	for (let at = 0; zip.readUInt32LE(at) === 0x04034b50;) {
		const size = zip.readUInt32LE(at + 18);
		const nameLength = zip.readUInt16LE(at + 26);
		const extra = zip.readUInt16LE(at + 28);
		const name = zip.toString('utf8', at + 30, at + 30 + nameLength);
		const start = at + 30 + nameLength + extra;
		out[name] = inflateRawSync(zip.subarray(start, start + size));
		at = start + size;
	}
	return out;
}

/**
 * A PNG whose header claims `width` × `height` pixels, with image data for a few rows only: a
 * decoder that trusts the header allocates for all of it.
 */
export function hugePng(width = 100_000, height = 100_000): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, 2, 0, 0, 0], 8);
	const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		pngChunk('IHDR', header),
		pngChunk('IDAT', rows),
		pngChunk('IEND', Buffer.alloc(0))
	]);
}

function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([latin1(type), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

/**
 * A baseline JPEG whose frame header claims `width` × `height` (at most 65,535 each) with almost
 * no scan data after it.
 */
export function hugeJpeg(width = 65_000, height = 65_000): Buffer {
	const sof = Buffer.from([
		0xff,
		0xc0,
		0x00,
		0x11,
		0x08,
		height >> 8,
		height & 0xff,
		width >> 8,
		width & 0xff,
		0x03,
		0x01,
		0x11,
		0x00,
		0x02,
		0x11,
		0x00,
		0x03,
		0x11,
		0x00
	]);
	return Buffer.concat([
		Buffer.from([0xff, 0xd8]),
		sof,
		Buffer.from([
			0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00
		]),
		Buffer.alloc(64),
		Buffer.from([0xff, 0xd9])
	]);
}

/** A PDF that is also a ZIP archive (an archive appended after %%EOF). */
export function pdfZipPolyglot(): Buffer {
	return Buffer.concat([pdf(), zipOf({ 'payload.js': 'alert(1)' })]);
}

/** A PNG that also carries a PDF (a PDF header and body in a text chunk). */
export function pngPdfPolyglot(png: Buffer): Buffer {
	const iend = png.length - 12;
	return Buffer.concat([
		png.subarray(0, iend),
		pngChunk('tEXt', Buffer.concat([latin1('x\0'), pdf()])),
		png.subarray(iend)
	]);
}

/**
 * What a viewer would run or open of a PDF, as pdf.js reports it: document scripts (the open
 * action's among them), an open action of any kind, attachments, page scripts, and annotations
 * with actions other than a plain link or with a file. Empty: the PDF can only show pages.
 */
export async function pdfScripts(bytes: Uint8Array): Promise<string[]> {
	const doc = await getDocument({
		data: new Uint8Array(bytes),
		isEvalSupported: false,
		verbosity: VerbosityLevel.ERRORS
	}).promise;
	try {
		const found: string[] = [];
		const scripts = await doc.getJSActions();
		for (const [name, code] of Object.entries(scripts ?? {})) found.push(`script ${name}: ${code}`);
		const open = await doc.getOpenAction();
		if (open) found.push(`open action ${JSON.stringify(open)}`);
		const attachments = await doc.getAttachments();
		for (const name of Object.keys(attachments ?? {})) found.push(`attachment ${name}`);
		for (let n = 1; n <= doc.numPages; n++) {
			const page = await doc.getPage(n);
			const pageScripts = await page.getJSActions();
			for (const name of Object.keys(pageScripts ?? {})) found.push(`page ${n} script ${name}`);
			for (const annotation of await page.getAnnotations()) {
				const a = annotation as Record<string, unknown>;
				if (a.actions) found.push(`page ${n} annotation actions ${JSON.stringify(a.actions)}`);
				if (a.action) found.push(`page ${n} annotation action ${String(a.action)}`);
				if (a.file) found.push(`page ${n} annotation file`);
			}
		}
		return found;
	} finally {
		await doc.destroy();
	}
}
