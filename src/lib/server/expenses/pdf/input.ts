// A claim as its PDF for accounting, for whoever may see the claim: the detail mapped to what the
// PDF prints (names in the reader's locale, the account as the detail shows it to this reader) and
// every receipt read through the files port when the PDF comes to it (one receipt's bytes at a
// time, never all of them at once). WebP receipts are converted, since a PDF embeds only JPEG and
// PNG images.
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { UserContext } from '../../context';
import type { FilesService } from '../../files';
import { loadSharp } from '../../files/sharp';
import { signedIn } from '../../identity/roles';
import { log } from '../../log';
import { buildClaimPdf, type ClaimPdfInput, type ClaimPdfLine, type ClaimPdfReceipt } from '.';
import type { ClaimDetail, ExpenseLine, ExpensesService } from '..';

export interface ClaimPdfDeps {
	expenses: Pick<ExpensesService, 'detail'>;
	files: Pick<FilesService, 'read' | 'find'>;
}

/** The claim's PDF and the name to offer it under, or null when the caller may not see it. */
export async function claimPdfFor(
	deps: ClaimPdfDeps,
	ctx: UserContext,
	claimId: string,
	locale: Locale
): Promise<{ pdf: Uint8Array; filename: string } | null> {
	const detail = await deps.expenses.detail(ctx, claimId);
	if (!detail) return null;
	const receipts = await readReceipts(deps.files, signedIn(ctx).id, detail);
	const { pdf } = await buildClaimPdf(claimPdfInput(detail, locale, receipts));
	return { pdf, filename: m.expense_pdf_filename({ id: detail.id }, { locale }) };
}

/** What the PDF prints of `detail`, for a reader in `locale`. */
export function claimPdfInput(
	detail: ClaimDetail,
	locale: Locale,
	receipts: ClaimPdfReceipt[]
): ClaimPdfInput {
	const { names, totals } = detail;
	const other = names.event ?? names.project;
	return {
		locale,
		id: detail.id,
		claimant: { name: names.claimant.name, email: names.claimant.email ?? '' },
		purpose: detail.purpose,
		campus: names.campus,
		unit: names.unit[locale],
		eventOrProject: other ? other[locale] : null,
		status: detail.status,
		createdAt: detail.createdAt,
		submittedAt: detail.submittedAt,
		payoutDate: detail.payoutDate,
		lines: detail.lines.map(pdfLine),
		totalOre: totals.totalOre,
		advanceOre: totals.advanceOre,
		// An advance larger than the claim prints as a negative amount owed (to be paid back).
		owedOre: totals.totalOre - totals.advanceOre,
		// As the detail shows it to this reader: in full to the claimant, masked to approvers (who
		// reveal it, audited, on the claim's page when they pay).
		payoutAccount: detail.payoutAccount,
		accountErased: detail.accountErased,
		trail: trailOf(detail, locale),
		receipts
	};
}

function pdfLine(line: ExpenseLine): ClaimPdfLine {
	const base = { date: line.date, description: line.description, amountOre: line.amountOre };
	if (line.kind === 'mileage') {
		return {
			...base,
			kind: {
				type: 'mileage',
				km: (line.distanceM ?? 0) / 1000,
				from: line.from ?? '',
				to: line.to ?? '',
				rateOre: line.rateOrePerKm ?? undefined
			}
		};
	}
	const foreign =
		line.currency && line.currency !== 'NOK' && line.originalHundredths !== null
			? {
					currency: line.currency,
					amountMinor: minorUnits(line.originalHundredths, line.currency)
				}
			: undefined;
	return {
		...base,
		merchant: line.merchant ?? undefined,
		original: foreign,
		kind: { type: 'receipt' }
	};
}

/** The domain keeps foreign amounts in hundredths; the PDF wants the currency's own minor unit. */
function minorUnits(hundredths: number, currency: string): number {
	const digits =
		new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
			.maximumFractionDigits ?? 2;
	return Math.round((hundredths * 10 ** digits) / 100);
}

// Domain actions as the PDF names them. Edits (every autosave is one) and finance's looks at the
// account are in the audit log on the claim's page, not in the approval trail for the books.
const TRAIL_ACTIONS: Record<string, string | null> = {
	create: 'created',
	edit: null,
	submit: 'submitted',
	reject: 'rejected',
	withdraw: 'withdrawn',
	pay: 'paid',
	account_revealed: null,
	account_erased: 'account_erased'
};

function trailOf(detail: ClaimDetail, locale: Locale): ClaimPdfInput['trail'] {
	return detail.trail.flatMap((entry) => {
		const action =
			entry.action === 'approve'
				? entry.details.to === 'awaiting_finance'
					? 'sent_to_finance'
					: 'approved'
				: Object.hasOwn(TRAIL_ACTIONS, entry.action)
					? TRAIL_ACTIONS[entry.action]
					: entry.action;
		if (!action) return [];
		const reason = typeof entry.details.reason === 'string' ? entry.details.reason : null;
		const actor =
			detail.names.people[entry.actor] ??
			(entry.actor.startsWith('system:')
				? m.expense_pdf_actor_system({}, { locale })
				: entry.actor);
		return [{ at: entry.at, actor, action, reason }];
	});
}

/**
 * Every file the claim's receipts name, once each, in line order, each read when the PDF comes to
 * it. The reader may see the claim, and so its receipts. A file gone from storage is left out (and
 * logged) rather than failing the PDF; one gone between here and its turn gets a page saying so.
 */
async function readReceipts(
	files: ClaimPdfDeps['files'],
	readerId: string,
	detail: ClaimDetail
): Promise<ClaimPdfReceipt[]> {
	const ids = [...new Set(detail.lines.flatMap((l) => (l.fileId ? [l.fileId] : [])))];
	const receipts: ClaimPdfReceipt[] = [];
	for (const id of ids) {
		const file = await files.find(id);
		if (!file) {
			log.warn('claim pdf: receipt file missing', { claim: detail.id, file: id });
			continue;
		}
		const read = async () => (await files.read(id, { readerId, mayRead: () => true }))?.body;
		if (file.mimeType === 'image/webp') {
			const bytes = async () => {
				const body = await read();
				if (!body) return null;
				const sharp = await loadSharp();
				return sharp(body).flatten({ background: '#ffffff' }).jpeg().toBuffer();
			};
			receipts.push({ name: file.originalName, mime: 'image/jpeg', bytes });
		} else if (
			file.mimeType === 'application/pdf' ||
			file.mimeType === 'image/jpeg' ||
			file.mimeType === 'image/png'
		) {
			receipts.push({
				name: file.originalName,
				mime: file.mimeType,
				bytes: async () => (await read()) ?? null
			});
		} else {
			log.warn('claim pdf: receipt of an unknown type', { claim: detail.id, file: id });
		}
	}
	return receipts;
}
