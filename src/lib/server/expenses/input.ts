// What a claim form sends, checked: zod schemas built from the configured limits and today's date.
// Every issue's message is a reason code (amount_too_large, date_future, account, …) that the
// pages turn into a localized message; its path names the field.
import { z } from 'zod';
import { parsePayoutAccount } from './account';
import { amountSchema, mileageOre, parseAmount, parseDistance } from './money';

export interface ExpenseLimits {
	maxLineOre: number;
	financeLimitOre: number;
	mileageRateOre: number;
	receiptMaxAgeDays: number;
}

export const MAX_LINES = 50;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
	if (!ISO_DATE.test(value)) return false;
	const date = new Date(`${value}T00:00:00.000Z`);
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today in Oslo, YYYY-MM-DD: the day a member sees on their receipt. */
export function osloDate(now: Date): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(now);
}

function daysBefore(day: string, days: number): string {
	const date = new Date(`${day}T00:00:00.000Z`);
	date.setUTCDate(date.getUTCDate() - days);
	return date.toISOString().slice(0, 10);
}

/**
 * Why a receipt date is no longer acceptable, or null: submitting checks again, since a draft
 * saved last year may hold a date that has since grown too old.
 */
export function receiptDateProblem(
	date: string,
	limits: Pick<ExpenseLimits, 'receiptMaxAgeDays'>,
	today: string
): 'date_future' | 'date_too_old' | null {
	if (date > today) return 'date_future';
	if (date < daysBefore(today, limits.receiptMaxAgeDays)) return 'date_too_old';
	return null;
}

const text = (max: number) => z.string().trim().min(1).max(max);

function receiptDate(limits: ExpenseLimits, today: string) {
	const oldest = daysBefore(today, limits.receiptMaxAgeDays);
	return z
		.string()
		.refine(isCalendarDate, 'date_invalid')
		.refine((d) => d <= today, 'date_future')
		.refine((d) => d >= oldest, 'date_too_old');
}

export function lineSchema(limits: ExpenseLimits, today: string) {
	const date = receiptDate(limits, today);
	const receipt = z
		.object({
			kind: z.literal('receipt'),
			date,
			merchant: text(200),
			description: text(500),
			/** NOK actually charged: what counts, also for a receipt in another currency. */
			amount: amountSchema(limits.maxLineOre),
			currency: z
				.string()
				.trim()
				.toUpperCase()
				.regex(/^[A-Z]{3}$/, 'currency')
				.optional()
				.or(z.literal('').transform(() => undefined)),
			originalAmount: z.union([z.string(), z.number()]).optional(),
			fileId: z.string().min(1).max(200).nullish()
		})
		.transform((line, ctx) => {
			const foreign = line.currency !== undefined && line.currency !== 'NOK';
			let originalHundredths: number | null = null;
			if (foreign) {
				const parsed =
					line.originalAmount === undefined || line.originalAmount === ''
						? null
						: parseAmount(line.originalAmount, Number.MAX_SAFE_INTEGER);
				if (!parsed?.ok) {
					ctx.addIssue({ code: 'custom', message: 'currency', path: ['originalAmount'] });
					return z.NEVER;
				}
				originalHundredths = parsed.ore;
			}
			return {
				kind: 'receipt' as const,
				date: line.date,
				merchant: line.merchant,
				description: line.description,
				amountOre: line.amount,
				currency: foreign ? line.currency! : null,
				originalHundredths,
				fileId: line.fileId ?? null
			};
		});
	const mileage = z
		.object({
			kind: z.literal('mileage'),
			date,
			/** What the trip was for. */
			description: text(500),
			from: text(200),
			to: text(200),
			km: z.union([z.string(), z.number()])
		})
		.transform((line, ctx) => {
			const distanceM = parseDistance(line.km);
			if (distanceM === null) {
				ctx.addIssue({ code: 'custom', message: 'distance', path: ['km'] });
				return z.NEVER;
			}
			const amountOre = mileageOre(distanceM, limits.mileageRateOre);
			if (amountOre > limits.maxLineOre) {
				ctx.addIssue({ code: 'custom', message: 'amount_too_large', path: ['km'] });
				return z.NEVER;
			}
			return {
				kind: 'mileage' as const,
				date: line.date,
				description: line.description,
				from: line.from,
				to: line.to,
				distanceM,
				rateOrePerKm: limits.mileageRateOre,
				amountOre
			};
		});
	return z.discriminatedUnion('kind', [receipt, mileage]);
}

export type LineInput = z.output<ReturnType<typeof lineSchema>>;

const payoutAccount = z
	.string()
	.max(64)
	.transform((value, ctx) => {
		if (value.trim() === '') return null;
		const parsed = parsePayoutAccount(value);
		if (!parsed.ok) {
			ctx.addIssue({ code: 'custom', message: 'account', params: { reason: parsed.reason } });
			return z.NEVER;
		}
		return parsed.account.value;
	});

/**
 * A claim as a draft may hold it: purpose, account and lines may still be missing (submit asks
 * for them); whatever is given must be valid. `payoutAccount` absent keeps the stored one, an
 * empty string removes it.
 */
export function claimSchema(limits: ExpenseLimits, today: string) {
	return z.object({
		campusId: text(100),
		unitId: text(100),
		eventId: z.string().max(100).nullish(),
		projectId: z.string().max(100).nullish(),
		purpose: z.string().trim().max(500).default(''),
		payoutAccount: payoutAccount.optional(),
		advance: z
			.union([z.string(), z.number()])
			.optional()
			.transform((value, ctx) => {
				if (value === undefined || String(value).trim() === '' || Number(value) === 0) return 0;
				const parsed = parseAmount(value, 100_000_000);
				if (!parsed.ok) {
					ctx.addIssue({ code: 'custom', message: `amount_${parsed.reason}` });
					return z.NEVER;
				}
				return parsed.ore;
			}),
		lines: z.array(lineSchema(limits, today)).max(MAX_LINES, 'too_many_lines').default([])
	});
}

export type ClaimInput = z.input<ReturnType<typeof claimSchema>>;
export type ParsedClaim = z.output<ReturnType<typeof claimSchema>>;
