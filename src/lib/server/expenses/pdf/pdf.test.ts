import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { crc32 } from 'node:zlib';
import { formatPrice } from '$lib/format';
import { assertProperty, runs } from '../../../../../tests/helpers/fuzz';
import { flateBombPdf, objectBombPdf } from '../../files/hostile-fixtures';
import { buildClaimPdf, claimPdf, type ClaimPdfInput, type ClaimPdfLine } from '.';
import { CLAIM_PDF_BUDGET } from './receipts';
import {
	encryptedPdfBytes,
	jpegBytes,
	pdfBytes,
	pdfWithScripts,
	photoPixel,
	plain,
	pngBytes,
	readPdf,
	type ReadPage
} from './fixtures';

const LINES: ClaimPdfLine[] = [
	{
		date: '2026-11-02',
		description: 'Pizza til styremøtet',
		merchant: 'Peppes Pizza',
		amountOre: 129_900,
		kind: { type: 'receipt' }
	},
	{
		date: '2026-11-05',
		description: 'Trykking av plakater',
		amountOre: 45_050,
		kind: { type: 'receipt' }
	},
	{
		date: '2026-11-07',
		description: 'Kjøring med utstyr',
		amountOre: 12_450,
		kind: { type: 'mileage', km: 35.5, from: 'Gløshaugen', to: 'Dragvoll', rateOre: 350 }
	},
	{
		date: '2026-11-09',
		description: 'Konferanseavgift',
		amountOre: 58_712,
		original: { currency: 'EUR', amountMinor: 5_000 },
		kind: { type: 'receipt' }
	}
];
const total = (lines: ClaimPdfLine[]) => lines.reduce((sum, l) => sum + l.amountOre, 0);

let receipts: ClaimPdfInput['receipts'];
const files = {
	tallJpeg: jpegBytes(120, 200, photoPixel(1)),
	png: pngBytes(60, 80, photoPixel(3))
};

beforeAll(async () => {
	receipts = [
		{ name: 'pizza.jpg', mime: 'image/jpeg', bytes: files.tallJpeg },
		{ name: 'plakater-bred.jpg', mime: 'image/jpeg', bytes: jpegBytes(240, 90, photoPixel(2)) },
		{ name: 'skjermbilde.png', mime: 'image/png', bytes: files.png },
		{ name: 'kvittering.pdf', mime: 'application/pdf', bytes: await pdfBytes(['Single receipt']) },
		{
			name: 'faktura.pdf',
			mime: 'application/pdf',
			bytes: await pdfBytes(['Invoice page one', 'Invoice page two', 'Invoice page three'])
		}
	];
});

function claim(overrides: Partial<ClaimPdfInput> = {}): ClaimPdfInput {
	const lines = overrides.lines ?? LINES;
	const advanceOre = overrides.advanceOre ?? 50_000;
	return {
		locale: 'no',
		id: 'fs-2026-0042',
		claimant: { name: 'Åse Ødegård', email: 'ase@example.org' },
		purpose: 'Høstens rekrutteringsstand',
		campus: 'Gløshaugen',
		unit: 'Linjeforeningen Abakus',
		eventOrProject: 'Fadderuka',
		status: 'approved',
		createdAt: '2026-11-10T09:15:00.000Z',
		submittedAt: '2026-11-10T09:30:00.000Z',
		totalOre: total(lines),
		owedOre: total(lines) - advanceOre,
		payoutAccount: '**** ** 12345',
		trail: [
			{ at: '2026-11-10T09:30:00.000Z', actor: 'Åse Ødegård', action: 'submitted' },
			{
				at: '2026-11-11T12:00:00.000Z',
				actor: 'Kari Nordmann',
				action: 'approved',
				reason: 'Avtalt på styremøtet'
			}
		],
		receipts,
		...overrides,
		lines,
		advanceOre
	};
}

/** Page n (0-based), failing the test plainly when the PDF has fewer pages. */
function page(pages: ReadPage[], n: number): ReadPage {
	const found = pages[n];
	if (!found) throw new Error(`the PDF has ${pages.length} pages, not ${n + 1}`);
	return found;
}

const coverText = (pages: ReadPage[], count: number) =>
	pages
		.slice(0, count)
		.map((p) => p.text)
		.join(' ');

describe('claim PDF for accounting', () => {
	it('holds the cover pages, one page per image receipt and every page of each PDF receipt', async () => {
		const result = await buildClaimPdf(claim());
		const pages = await readPdf(result.pdf);

		expect(result.coverPages).toBeGreaterThanOrEqual(1);
		expect(pages).toHaveLength(result.coverPages + 3 + 1 + 3);
		expect(result.skippedReceipts).toEqual([]);
		const [cover, images, pdfs] = [
			pages.slice(0, result.coverPages),
			pages.slice(result.coverPages, result.coverPages + 3),
			pages.slice(result.coverPages + 3)
		];
		for (const page of cover) expect(page.text).toContain('Krav fs-2026-0042 · forside');
		for (const page of images) expect(page.images).toBe(1);
		expect(pdfs.map((p) => p.text)).toEqual([
			'Single receipt',
			'Invoice page one',
			'Invoice page two',
			'Invoice page three'
		]);
	});

	it('shows claimant, purpose, campus, unit, every line, the totals and the payout account on the cover', async () => {
		const result = await buildClaimPdf(claim());
		const text = coverText(await readPdf(result.pdf), result.coverPages);

		for (const expected of [
			'Åse Ødegård <ase@example.org>',
			'Høstens rekrutteringsstand',
			'Gløshaugen',
			'Linjeforeningen Abakus',
			'Fadderuka',
			'Godkjent',
			'**** ** 12345',
			'Kari Nordmann',
			'Avtalt på styremøtet',
			...LINES.map((l) => l.description),
			...LINES.map((l) => plain(formatPrice(l.amountOre, 'no'))),
			'02.11.2026'
		])
			expect(text).toContain(expected);
		expect(text).toContain(`Sum ${plain(formatPrice(total(LINES), 'no'))}`);
		expect(text).toContain(`Forskudd allerede utbetalt ${plain(formatPrice(-50_000, 'no'))}`);
		expect(text).toContain(
			`Til utbetaling til søker ${plain(formatPrice(total(LINES) - 50_000, 'no'))}`
		);
	});

	it('shows no advance as 0, not as minus 0', async () => {
		const result = await buildClaimPdf(claim({ advanceOre: 0, receipts: [] }));
		const text = coverText(await readPdf(result.pdf), result.coverPages);

		expect(text).toContain(`Forskudd allerede utbetalt ${plain(formatPrice(0, 'no'))}`);
		expect(text).toContain(`Til utbetaling til søker ${plain(formatPrice(total(LINES), 'no'))}`);
	});

	it('prints the mileage, the foreign amount and the merchant beside their lines', async () => {
		const result = await buildClaimPdf(claim());
		const text = coverText(await readPdf(result.pdf), result.coverPages);

		expect(text).toContain('Kjøring: 35,5 km, fra Gløshaugen til Dragvoll, 3,50 kr per km');
		expect(text).toMatch(/Betalt i EUR: 50,00 €/);
		expect(text).toContain('Brukersted: Peppes Pizza');
	});

	it('captions each image receipt with its number and file name, and lists every receipt on the cover', async () => {
		const result = await buildClaimPdf(claim());
		const pages = await readPdf(result.pdf);

		expect(page(pages, result.coverPages).text).toBe('Kvittering 1 av 5: pizza.jpg');
		expect(page(pages, result.coverPages + 2).text).toBe('Kvittering 3 av 5: skjermbilde.png');
		const text = coverText(pages, result.coverPages);
		expect(text).toContain('1. pizza.jpg (bilde, 1 side)');
		expect(text).toContain('4. kvittering.pdf (PDF, 1 side)');
		expect(text).toContain('5. faktura.pdf (PDF, 3 sider)');
	});

	it('puts a wide image on a landscape page and a tall one on a portrait page', async () => {
		const result = await buildClaimPdf(claim());
		const pages = await readPdf(result.pdf);
		const [tall, wide] = [page(pages, result.coverPages), page(pages, result.coverPages + 1)];

		expect(tall.height).toBeGreaterThan(tall.width);
		expect(wide.width).toBeGreaterThan(wide.height);
	});

	it('writes the cover in English when the locale is en', async () => {
		const [no, en] = await Promise.all(
			(['no', 'en'] as const).map(async (locale) => {
				const result = await buildClaimPdf(claim({ locale }));
				return coverText(await readPdf(result.pdf), result.coverPages);
			})
		);

		expect(en).toContain('Expense claim');
		expect(en).toContain(`Total ${plain(formatPrice(total(LINES), 'en'))}`);
		expect(en).toContain('Approval trail');
		expect(en).toContain('02/11/2026');
		expect(en).not.toContain('Utleggsrefusjon');
		expect(no).toContain('Utleggsrefusjon');
		expect(no).toContain('Godkjenningslogg');
		expect(no).not.toContain('Expense claim');
	});

	it('flows a claim of 60 lines over several cover pages, every line shown and no text off the page', async () => {
		const lines = Array.from({ length: 60 }, (_, i): ClaimPdfLine => ({
			date: '2026-10-01',
			description: `Innkjøp nummer ${i + 1} til arrangementet, med en beskrivelse som er lang nok til å bryte over flere linjer i tabellen`,
			amountOre: 10_000 + i,
			kind: { type: 'receipt' }
		}));
		const result = await buildClaimPdf(claim({ lines, receipts: [] }));
		const pages = await readPdf(result.pdf);

		expect(result.coverPages).toBeGreaterThan(1);
		expect(pages).toHaveLength(result.coverPages);
		const text = coverText(pages, result.coverPages);
		for (const [i, line] of lines.entries()) {
			expect(text).toContain(`Innkjøp nummer ${i + 1} til`);
			expect(text).toContain(plain(formatPrice(line.amountOre, 'no')));
		}
		for (const [n, cover] of pages.entries()) {
			expect(cover.text).toContain(`forside ${n + 1} av ${result.coverPages}`);
			for (const item of cover.items) {
				expect(item.x).toBeGreaterThanOrEqual(0);
				expect(item.x + item.width).toBeLessThanOrEqual(cover.width);
				expect(item.y).toBeGreaterThanOrEqual(0);
				expect(item.y).toBeLessThanOrEqual(cover.height);
			}
		}
		// The table header is repeated on the pages the lines continue on.
		expect(pages.filter((p) => p.text.includes('Hva som ble kjøpt')).length).toBeGreaterThan(1);
	});

	it('prints names outside Latin-1 (Polish, Czech, Cyrillic), dashes and the euro sign as written', async () => {
		const name = 'Łukasz Dvořák-Wąsik — Дмитрий Ωmega';
		const result = await buildClaimPdf(
			claim({
				claimant: { name, email: 'l@example.org' },
				purpose: 'Reise – Praha € 2026',
				receipts: []
			})
		);
		const text = coverText(await readPdf(result.pdf), result.coverPages);

		expect(text).toContain(name);
		expect(text).toContain('Reise – Praha € 2026');
	});

	it('replaces characters the font lacks with "?" and line breaks with spaces', async () => {
		const result = await buildClaimPdf(claim({ purpose: 'Middag 王\nmed\tstyret', receipts: [] }));
		const text = coverText(await readPdf(result.pdf), result.coverPages);

		expect(text).toContain('Middag ? med styret');
	});

	it('gives an encrypted PDF, a damaged PDF and a broken image a page saying so, and keeps the other receipts', async () => {
		const good = await pdfBytes(['Good receipt']);
		const result = await buildClaimPdf(
			claim({
				receipts: [
					{ name: 'locked.pdf', mime: 'application/pdf', bytes: await encryptedPdfBytes() },
					{
						name: 'garbage.pdf',
						mime: 'application/pdf',
						bytes: new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R')
					},
					{ name: 'broken.png', mime: 'image/png', bytes: files.png.slice(0, 40) },
					{ name: 'ok.pdf', mime: 'application/pdf', bytes: good }
				]
			})
		);
		const pages = await readPdf(result.pdf);

		expect(result.skippedReceipts).toEqual([
			{ number: 1, name: 'locked.pdf', reason: 'encrypted' },
			{ number: 2, name: 'garbage.pdf', reason: 'unreadable' },
			{ number: 3, name: 'broken.png', reason: 'unreadable' }
		]);
		expect(pages).toHaveLength(result.coverPages + 4);
		const after = pages.slice(result.coverPages).map((p) => p.text);
		expect(after[0]).toContain('Kvittering 1 av 4 kunne ikke tas med');
		expect(after[0]).toContain('locked.pdf');
		expect(after[0]).toContain('kryptert');
		expect(after[1]).toContain('garbage.pdf');
		expect(after[2]).toContain('broken.png');
		expect(after[3]).toBe('Good receipt');
		expect(coverText(pages, result.coverPages)).toContain(
			'1. locked.pdf: kunne ikke tas med, se siden for den'
		);
	});

	it('gives a PDF of more than 50 pages, a PNG claiming 100 megapixels and a renamed program a page saying so', async () => {
		const huge = files.png.slice();
		const header = new DataView(huge.buffer);
		header.setUint32(16, 10_000); // IHDR width
		header.setUint32(20, 10_000); // IHDR height
		header.setUint32(29, crc32(huge.subarray(12, 29))); // a valid chunk, lying about its size
		const result = await buildClaimPdf(
			claim({
				receipts: [
					{
						name: 'long.pdf',
						mime: 'application/pdf',
						bytes: await pdfBytes(Array.from({ length: 51 }, (_, i) => `Page ${i + 1}`))
					},
					{ name: 'huge.png', mime: 'image/png', bytes: huge },
					{
						name: 'setup.jpg',
						mime: 'image/jpeg',
						bytes: new TextEncoder().encode('MZ\x90 program')
					}
				]
			})
		);
		const pages = await readPdf(result.pdf);

		expect(result.skippedReceipts.map((r) => r.reason)).toEqual([
			'too_many_pages',
			'image_too_large',
			'unsupported'
		]);
		expect(pages).toHaveLength(result.coverPages + 3);
		expect(page(pages, result.coverPages).text).toContain(
			'flere sider enn en kvittering kan ha (50)'
		);
	});

	it('drops scripts from the pages of a PDF receipt and keeps its plain web link', async () => {
		const result = await buildClaimPdf(
			claim({
				receipts: [{ name: 'js.pdf', mime: 'application/pdf', bytes: await pdfWithScripts() }]
			})
		);
		const out = await PDFDocument.load(result.pdf);
		const receiptPage = out.getPage(result.coverPages).node;
		const actions = (receiptPage.Annots()?.asArray() ?? []).map((ref) => {
			const action = out.context.lookup(out.context.lookup(ref, PDFDict).get(PDFName.of('A')));
			return action instanceof PDFDict ? action.get(PDFName.of('S'))?.toString() : undefined;
		});

		expect(out.getPageCount()).toBe(result.coverPages + 1);
		expect(receiptPage.has(PDFName.of('AA'))).toBe(false);
		expect(actions).toEqual([undefined, '/URI']);
	});

	it('gives a PDF whose root is no catalog and one whose page tree loops a page saying so', async () => {
		const pdf = (text: string) => ({
			name: 'bad.pdf',
			mime: 'application/pdf' as const,
			bytes: new TextEncoder().encode(text)
		});
		const result = await buildClaimPdf(
			claim({
				receipts: [
					pdf('%PDF-1.4\n1 0 obj\n42\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF'),
					pdf(
						'%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
							'2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
							'3 0 obj\n<< /Type /Pages /Kids [2 0 R] /Count 1 >>\nendobj\n' +
							'trailer\n<< /Root 1 0 R >>\n%%EOF'
					)
				]
			})
		);

		expect(result.skippedReceipts.map((r) => r.reason)).toEqual(['unreadable', 'unreadable']);
		expect(await readPdf(result.pdf)).toHaveLength(result.coverPages + 2);
	});

	it('replaces a hostile receipt stored before the limits by a page saying why, reading each one when its turn comes', async () => {
		const read: string[] = [];
		const lazily = (name: string, bytes: Uint8Array) => ({
			name,
			mime: 'application/pdf' as const,
			bytes: async () => {
				read.push(name);
				return bytes;
			}
		});
		const result = await buildClaimPdf(
			claim({
				receipts: [
					lazily('objects.pdf', objectBombPdf(30_000)),
					lazily('bomb.pdf', await flateBombPdf(512 * 1024 * 1024)),
					lazily('fine.pdf', await pdfBytes(['Single receipt']))
				]
			})
		);
		expect(read).toEqual(['objects.pdf', 'bomb.pdf', 'fine.pdf']);
		expect(result.skippedReceipts.map((r) => [r.name, r.reason])).toEqual([
			['objects.pdf', 'too_complex'],
			['bomb.pdf', 'too_complex']
		]);
		const pages = await readPdf(result.pdf);
		expect(pages.at(-1)?.text).toBe('Single receipt');
		expect(plain(pages.at(-2)?.text ?? '')).toContain(
			'går over grensene alle opplastede PDF-er holdes til'
		);
	});

	it('holds the receipts of one claim to a budget: those past it get a page saying so', async () => {
		const photo = jpegBytes(800, 800, photoPixel(7), 95);
		const fit = Math.floor(CLAIM_PDF_BUDGET.bytes / photo.byteLength);
		const receipts = Array.from({ length: fit + 2 }, (_, i) => ({
			name: `photo-${i + 1}.jpg`,
			mime: 'image/jpeg' as const,
			bytes: photo
		}));
		const result = await buildClaimPdf(claim({ receipts }));
		expect(result.skippedReceipts.map((r) => [r.number, r.reason])).toEqual([
			[fit + 1, 'claim_pdf_full'],
			[fit + 2, 'claim_pdf_full']
		]);
	});

	it(
		'survives any damage to a receipt PDF: cut short, bytes changed, or random bytes after the header',
		async () => {
			const original = await pdfBytes([
				'Invoice page one',
				'Invoice page two',
				'Invoice page three'
			]);
			const damaged = fc.oneof(
				fc
					.record({
						cut: fc.integer({ min: 8, max: original.byteLength }),
						flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 30 })
					})
					.map(({ cut, flips }) => {
						const bytes = original.slice(0, cut);
						for (const [at, value] of flips) bytes[at % bytes.byteLength] = value;
						bytes.set(new TextEncoder().encode('%PDF-'));
						return bytes;
					}),
				fc
					.uint8Array({ maxLength: 3000 })
					.map((tail) => new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...tail]))
			);
			await assertProperty(
				fc.asyncProperty(damaged, async (bytes) => {
					const result = await buildClaimPdf(
						claim({ receipts: [{ name: 'damaged.pdf', mime: 'application/pdf', bytes }] })
					);
					const pages = await readPdf(result.pdf);
					const receiptPages = pages.length - result.coverPages;
					if (result.skippedReceipts.length > 0) expect(receiptPages).toBe(1);
					else expect(receiptPages).toBeGreaterThanOrEqual(1);
				}),
				runs(25)
			);
		},
		// Each run rebuilds the PDF in a worker of its own (pdf-lib loaded afresh): about a second here.
		20_000 + runs(25) * 2000
	);

	it(
		'survives any damage to a receipt image: cut short or bytes changed',
		async () => {
			const damaged = fc
				.record({
					png: fc.boolean(),
					cut: fc.integer({ min: 0, max: 100_000 }),
					flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 30 })
				})
				.map(({ png, cut, flips }) => {
					const original = png ? files.png : files.tallJpeg;
					const bytes = original.slice(0, 12 + (cut % original.byteLength));
					for (const [at, value] of flips) bytes[12 + (at % (bytes.byteLength - 12))] = value;
					return bytes;
				});
			await assertProperty(
				fc.asyncProperty(damaged, async (bytes) => {
					const result = await buildClaimPdf(
						claim({ receipts: [{ name: 'damaged', mime: 'image/png', bytes }] })
					);
					const pages = await readPdf(result.pdf);
					expect(pages).toHaveLength(result.coverPages + 1);
				}),
				runs(25)
			);
		},
		20_000 + runs(25) * 500
	);

	it("gives a page to a damaged PNG on which pdf-lib's own decoder never returns", async () => {
		// Found by the property test above: 223 bytes, a 60 × 80 PNG cut short with bytes changed.
		const hanging = Buffer.from(
			'iVBORw0KGgoAAAANSUhEUgAAADwAAABQCAIAAADKqIEEAAACdklEQVR4nM3RAAAYCABEwRfbtm0bANu2bdsb28lubNu2bdu2cYT5SaXmCF1NsLBRYidKmSF7viKlK9XAgLxdAD7/jpwwfc7iVRt37D929srtRy8/fA8UMkL0eEnTZM5VoHi5qgAat+rYo//QMZNnzAC2dsvuQycvXL/39M3nX0HDRI6VMEX6bHkLAABYo36ztl16DxoxftrsRSs3bN939MzlWw9fvP8WMET4aHGTpM6UAJ9iAKvUbtSyQw==',
			'base64'
		);
		const result = await buildClaimPdf(
			claim({ receipts: [{ name: 'hang.png', mime: 'image/png', bytes: new Uint8Array(hanging) }] })
		);

		expect(result.skippedReceipts).toEqual([{ number: 1, name: 'hang.png', reason: 'unreadable' }]);
	});

	it('takes the receipt type from the bytes, not from the declared type', async () => {
		const result = await buildClaimPdf(
			claim({ receipts: [{ name: 'photo.png', mime: 'image/png', bytes: files.tallJpeg }] })
		);
		const pages = await readPdf(result.pdf);

		expect(result.skippedReceipts).toEqual([]);
		expect(page(pages, result.coverPages).images).toBe(1);
	});

	it('refuses figures that disagree with the lines instead of printing them', async () => {
		await expect(claimPdf(claim({ totalOre: total(LINES) + 1 }))).rejects.toThrow(/totalOre/);
		await expect(claimPdf(claim({ owedOre: total(LINES) }))).rejects.toThrow(/owedOre/);
	});

	it('returns a PDF a reader opens', async () => {
		const pdf = await claimPdf(claim());

		expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
		expect((await readPdf(pdf)).length).toBeGreaterThan(1);
	});
});
