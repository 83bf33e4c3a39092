// The cover pages of the claim PDF: a small flowing layout (wrapped text, tables whose header
// repeats on each new page, rows split across pages when taller than one) over pdf-lib, which
// itself only draws text at a point. Amounts use the site's own price formatting.
import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import { formatDateTime, formatPrice, formatShortDate } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { CoverFont, CoverFonts } from './font';
import { A4, LEADING, wrapText } from './layout';
import type { PreparedReceipt } from './receipts';
import type { ClaimPdfInput, ClaimPdfLine } from './schema';
import { statusText } from '../words';

const MARGIN = 50;
const TOP = A4[1] - MARGIN;
const BOTTOM = MARGIN + 16; // room for the footer
const WIDTH = A4[0] - 2 * MARGIN;
const SIZE = 9.5;
const GREY = rgb(0.4, 0.4, 0.4);
const INTL_LOCALE: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };

type Cell = { text: string; bold?: boolean; grey?: boolean }[];
type Column = { width: number; align?: 'right' };

class Flow {
	pages: PDFPage[] = [];
	page!: PDFPage;
	y = TOP;
	private repeatHeader?: () => void;

	constructor(
		private doc: PDFDocument,
		readonly fonts: CoverFonts
	) {
		this.newPage();
	}

	newPage() {
		this.page = this.doc.addPage(A4);
		this.pages.push(this.page);
		this.y = TOP;
		this.repeatHeader?.();
	}

	/** Starts a new page unless `height` points are left on this one. */
	ensure(height: number) {
		if (this.y - height < BOTTOM) this.newPage();
	}

	text(text: string, options: { bold?: boolean; size?: number } = {}) {
		const size = options.size ?? SIZE;
		const { font, clean } = this.font(options.bold);
		for (const line of wrapText(clean(text), font, size, WIDTH)) {
			this.ensure(size * LEADING);
			this.page.drawText(line, { x: MARGIN, y: this.y - size, font, size });
			this.y -= size * LEADING;
		}
	}

	heading(text: string) {
		this.y -= SIZE;
		this.ensure(SIZE * 4); // a heading never ends a page alone
		this.text(text, { bold: true, size: 12 });
		this.y -= 3;
	}

	rule() {
		this.page.drawLine({
			start: { x: MARGIN, y: this.y },
			end: { x: MARGIN + WIDTH, y: this.y },
			thickness: 0.5,
			color: GREY
		});
		this.y -= 3;
	}

	/** Rows whose cells wrap; the header, when given, is drawn again on every new page. */
	table(columns: Column[], rows: Cell[][], header?: string[]) {
		const lineHeight = SIZE * LEADING;
		const drawHeader = () => {
			if (!header) return;
			this.drawRow(
				columns,
				this.layout(
					columns,
					header.map((h) => [{ text: h, bold: true }])
				)
			);
			this.rule();
		};
		this.ensure(lineHeight * 3);
		drawHeader();
		this.repeatHeader = drawHeader;
		for (const row of rows) {
			const lines = this.layout(columns, row);
			const height = Math.max(...lines.map((c) => c.length)) * lineHeight + 3;
			// Keep a row on one page when it fits on one; a taller row flows line by line.
			if (height < TOP - BOTTOM - lineHeight * 3) this.ensure(height);
			this.drawRow(columns, lines);
			this.y -= 3;
		}
		this.repeatHeader = undefined;
	}

	private font(bold?: boolean): CoverFont {
		return bold ? this.fonts.bold : this.fonts.regular;
	}

	private layout(columns: Column[], row: Cell[]) {
		return row.map((cell, i) =>
			cell.flatMap((part) => {
				const { font, clean } = this.font(part.bold);
				return wrapText(clean(part.text), font, SIZE, (columns[i]?.width ?? WIDTH) - 6).map(
					(line) => ({
						line,
						font,
						grey: part.grey
					})
				);
			})
		);
	}

	private drawRow(columns: Column[], cells: ReturnType<Flow['layout']>) {
		const lineHeight = SIZE * LEADING;
		const count = Math.max(...cells.map((c) => c.length));
		for (let i = 0; i < count; i++) {
			this.ensure(lineHeight);
			let x = MARGIN;
			columns.forEach(({ width, align }, c) => {
				const part = cells[c]?.[i];
				if (part) {
					const textWidth = part.font.widthOfTextAtSize(part.line, SIZE);
					this.page.drawText(part.line, {
						x: align === 'right' ? x + width - textWidth : x,
						y: this.y - SIZE,
						font: part.font,
						size: SIZE,
						color: part.grey ? GREY : undefined
					});
				}
				x += width;
			});
			this.y -= lineHeight;
		}
	}
}

function actionText(action: string, locale: Locale): string {
	const options = { locale };
	const texts: Partial<Record<string, () => string>> = {
		created: () => m.expense_pdf_action_created({}, options),
		submitted: () => m.expense_pdf_action_submitted({}, options),
		approved: () => m.expense_pdf_action_approved({}, options),
		sent_to_finance: () => m.expense_pdf_action_sent_to_finance({}, options),
		rejected: () => m.expense_pdf_action_rejected({}, options),
		withdrawn: () => m.expense_pdf_action_withdrawn({}, options),
		paid: () => m.expense_pdf_action_paid({}, options),
		account_erased: () => m.expense_pdf_action_account_erased({}, options)
	};
	// An own property only: an action named "toString" is printed, not called.
	return Object.hasOwn(texts, action) ? (texts[action]?.() ?? action) : action;
}

function formatForeign(original: NonNullable<ClaimPdfLine['original']>, locale: Locale): string {
	const format = new Intl.NumberFormat(INTL_LOCALE[locale], {
		style: 'currency',
		currency: original.currency
	});
	const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
	return format.format(original.amountMinor / 10 ** digits);
}

function lineDetails(line: ClaimPdfLine, locale: Locale): Cell {
	const options = { locale };
	const cell: Cell = [{ text: line.description }];
	if (line.merchant)
		cell.push({ text: m.expense_pdf_merchant({ merchant: line.merchant }, options), grey: true });
	if (line.kind.type === 'mileage') {
		const km = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(
			line.kind.km
		);
		const rate =
			line.kind.rateOre === undefined
				? ''
				: `, ${m.expense_pdf_mileage_rate({ rate: formatPrice(line.kind.rateOre, locale) }, options)}`;
		cell.push({
			text: m.expense_pdf_mileage({ km, from: line.kind.from, to: line.kind.to }, options) + rate,
			grey: true
		});
	}
	if (line.original)
		cell.push({
			text: m.expense_pdf_original_amount(
				{ currency: line.original.currency, amount: formatForeign(line.original, locale) },
				options
			),
			grey: true
		});
	return cell;
}

function receiptText(receipt: PreparedReceipt, locale: Locale): string {
	const values = { number: receipt.number, name: receipt.name };
	const options = { locale };
	if (receipt.kind === 'image') return m.expense_pdf_receipt_image(values, options);
	if (receipt.kind === 'skipped') return m.expense_pdf_receipt_skipped(values, options);
	return receipt.pages === 1
		? m.expense_pdf_receipt_pdf_one(values, options)
		: m.expense_pdf_receipt_pdf({ ...values, pages: receipt.pages }, options);
}

/** Draws the cover pages and returns how many there are. */
export function drawCover(
	doc: PDFDocument,
	fonts: CoverFonts,
	claim: ClaimPdfInput,
	receipts: PreparedReceipt[]
): number {
	const { locale } = claim;
	const options = { locale };
	const flow = new Flow(doc, fonts);
	const price = (ore: number) => formatPrice(ore, locale);

	flow.text(m.expense_pdf_title({}, options), { bold: true, size: 18 });
	flow.y -= 2;
	flow.text(m.expense_pdf_claim_id({ id: claim.id }, options));
	flow.y -= SIZE;

	const facts: [string, string | null | undefined][] = [
		[
			m.expense_pdf_claimant({}, options),
			claim.claimant.email
				? `${claim.claimant.name} <${claim.claimant.email}>`
				: claim.claimant.name
		],
		[m.expense_pdf_purpose({}, options), claim.purpose],
		[m.expense_pdf_campus({}, options), claim.campus],
		[m.expense_pdf_unit({}, options), claim.unit],
		[m.expense_pdf_event_or_project({}, options), claim.eventOrProject],
		[m.expense_pdf_status({}, options), statusText(claim.status, locale)],
		[m.expense_pdf_created({}, options), formatDateTime(claim.createdAt, locale)],
		[
			m.expense_pdf_submitted({}, options),
			claim.submittedAt ? formatDateTime(claim.submittedAt, locale) : null
		],
		[
			m.expense_pdf_payout_date({}, options),
			claim.payoutDate ? formatShortDate(claim.payoutDate, locale) : null
		]
	];
	flow.table(
		[{ width: 150 }, { width: WIDTH - 150 }],
		facts
			.filter((fact): fact is [string, string] => Boolean(fact[1]))
			.map(([label, value]) => [[{ text: label, bold: true }], [{ text: value }]])
	);

	flow.heading(m.expense_pdf_lines({}, options));
	flow.table(
		[
			{ width: 24 },
			{ width: 70 },
			{ width: WIDTH - 24 - 70 - 100 },
			{ width: 100, align: 'right' }
		],
		claim.lines.map((line, i) => [
			[{ text: String(i + 1) }],
			[{ text: formatShortDate(line.date, locale) }],
			lineDetails(line, locale),
			[{ text: price(line.amountOre) }]
		]),
		[
			m.expense_pdf_col_number({}, options),
			m.expense_pdf_col_date({}, options),
			m.expense_pdf_col_description({}, options),
			m.expense_pdf_col_amount({}, options)
		]
	);
	flow.rule();
	flow.table(
		[{ width: WIDTH - 140 }, { width: 140, align: 'right' }],
		[
			[[{ text: m.expense_pdf_total({}, options) }], [{ text: price(claim.totalOre) }]],
			[
				[{ text: m.expense_pdf_advance({}, options) }],
				[{ text: price(claim.advanceOre === 0 ? 0 : -claim.advanceOre) }]
			],
			[
				[{ text: m.expense_pdf_owed({}, options), bold: true }],
				[{ text: price(claim.owedOre), bold: true }]
			]
		]
	);

	flow.heading(m.expense_pdf_payout_account({}, options));
	flow.text(
		claim.payoutAccount ||
			(claim.accountErased
				? m.expense_pdf_payout_account_erased({}, options)
				: m.expense_pdf_payout_account_none({}, options))
	);

	flow.heading(m.expense_pdf_trail({}, options));
	if (claim.trail.length === 0) flow.text(m.expense_pdf_trail_empty({}, options));
	else
		flow.table(
			[{ width: 120 }, { width: 125 }, { width: 100 }, { width: WIDTH - 345 }],
			claim.trail.map((entry) => [
				[{ text: formatDateTime(entry.at, locale) }],
				[{ text: entry.actor }],
				[{ text: actionText(entry.action, locale) }],
				[{ text: entry.reason ?? '' }]
			]),
			[
				m.expense_pdf_col_when({}, options),
				m.expense_pdf_col_who({}, options),
				m.expense_pdf_col_action({}, options),
				m.expense_pdf_col_reason({}, options)
			]
		);

	flow.heading(m.expense_pdf_receipts({}, options));
	if (receipts.length === 0) flow.text(m.expense_pdf_receipts_none({}, options));
	for (const receipt of receipts) flow.text(receiptText(receipt, locale));

	const { font, clean } = fonts.regular;
	flow.pages.forEach((page, i) => {
		const footer = m.expense_pdf_footer(
			{ id: claim.id, page: i + 1, pages: flow.pages.length },
			options
		);
		page.drawText(clean(footer), { x: MARGIN, y: MARGIN - 10, font, size: 8, color: GREY });
	});
	return flow.pages.length;
}
