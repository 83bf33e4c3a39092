import { describe, expect, it } from 'vitest';
import { sniff } from './sniff';
import { heic, mp4, pdf, phoneJpeg, png, webp, windowsProgram, zipArchive } from './test-fixtures';
import { FileRefused, type RefusalCode } from './types';

function refusal(bytes: Buffer): RefusalCode | 'accepted' {
	try {
		sniff(bytes);
		return 'accepted';
	} catch (error) {
		if (error instanceof FileRefused) return error.code;
		throw error;
	}
}

describe('the type of an upload is read from its bytes', () => {
	it('recognises JPEG, PNG, WebP and PDF', async () => {
		expect(sniff(await phoneJpeg())).toBe('jpeg');
		expect(sniff(await png())).toBe('png');
		expect(sniff(await webp())).toBe('webp');
		expect(sniff(pdf())).toBe('pdf');
	});

	it('recognises an HEVC-coded HEIC made by heif-enc', async (context) => {
		const bytes = await heic();
		if (!bytes) return context.skip('heif-enc is not installed (apt-get install libheif-examples)');
		expect(sniff(bytes)).toBe('heic');
	});

	it('refuses an AVIF, which shares the HEIF container but is not HEIC', async () => {
		const avif = await makeAvif();
		expect(refusal(avif)).toBe('unsupported_type');
	});

	it('refuses a Windows program, whatever it is called', () => {
		expect(refusal(windowsProgram())).toBe('unsupported_type');
	});

	it('refuses plain text', () => {
		expect(refusal(Buffer.from('Receipt: 100 NOK\nThank you!\n'))).toBe('unsupported_type');
	});

	it('refuses a PDF whose header is not at the very start', () => {
		expect(refusal(Buffer.concat([Buffer.from('junk\n'), pdf()]))).toBe('unsupported_type');
	});

	it('refuses a PNG with a ZIP archive after its end', async () => {
		expect(refusal(Buffer.concat([await png(), zipArchive()]))).toBe('polyglot');
	});

	it('refuses a JPEG with a PDF after its end', async () => {
		expect(refusal(Buffer.concat([await phoneJpeg(), pdf()]))).toBe('polyglot');
	});

	it('refuses a WebP whose RIFF size leaves bytes after it', async () => {
		expect(refusal(Buffer.concat([await webp(), Buffer.from('<script>1</script>')]))).toBe(
			'polyglot'
		);
	});

	it('refuses a PDF with a ZIP archive after %%EOF', () => {
		expect(refusal(Buffer.concat([pdf(), zipArchive()]))).toBe('polyglot');
	});

	it('refuses a PNG carrying a PDF inside one of its chunks', async () => {
		const image = await png();
		const inside = Buffer.concat([image.subarray(0, 33), chunk('tEXt', pdf()), image.subarray(33)]);
		expect(refusal(inside)).toBe('polyglot');
	});

	it('accepts a PDF and a JPEG with only whitespace or NUL padding at the end', async () => {
		expect(refusal(Buffer.concat([pdf(), Buffer.from('\r\n  \n')]))).toBe('accepted');
		expect(refusal(Buffer.concat([await phoneJpeg(), Buffer.alloc(64)]))).toBe('accepted');
	});

	it('accepts a motion photo: a JPEG followed by exactly one MP4', async () => {
		expect(refusal(Buffer.concat([await phoneJpeg(), mp4()]))).toBe('accepted');
	});

	it('refuses a motion photo with anything after its MP4', async () => {
		const tail = Buffer.concat([mp4(), zipArchive()]);
		expect(refusal(Buffer.concat([await phoneJpeg(), tail]))).toBe('polyglot');
		const junk = Buffer.concat([mp4(), Buffer.from('<script>alert(1)</script>')]);
		expect(refusal(Buffer.concat([await phoneJpeg(), junk]))).toBe('polyglot');
	});

	it('calls a truncated image unreadable', async () => {
		const image = await png();
		expect(refusal(image.subarray(0, image.length - 20))).toBe('unreadable');
	});
});

async function makeAvif(): Promise<Buffer> {
	const { default: sharp } = await import('sharp');
	return sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
		.avif()
		.toBuffer();
}

// A PNG chunk (the CRC is not checked by the sniffer, so zero will do).
function chunk(type: string, data: Buffer): Buffer {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(data.length, 0);
	head.write(type, 4, 'latin1');
	return Buffer.concat([head, data, Buffer.alloc(4)]);
}
