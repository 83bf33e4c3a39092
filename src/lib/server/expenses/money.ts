// Amounts as people type them in NOK ("1 234,50", "1234.5", "1234") → whole øre, and the totals
// of a claim, always computed here from its lines, never taken from the client.
import { z } from 'zod';

export type AmountRefusal = 'invalid' | 'not_positive' | 'too_many_decimals' | 'too_large';
export type AmountCheck = { ok: true; ore: number } | { ok: false; reason: AmountRefusal };

/**
 * Whole units and up to two decimals. Spaces (also no-break) group thousands; the decimal mark is
 * a comma or a dot. With both, the last one is the decimal mark and the other groups thousands
 * ("1.234,50", "1,234.50"). A single dot or comma is always a decimal mark, so "1.234" is refused
 * as three decimals rather than read as a thousand.
 */
export function parseAmount(input: string | number, maxOre: number): AmountCheck {
	let text = String(input).replace(/[\s\u00a0\u202f]/g, '');
	if (text.startsWith('-')) return { ok: false, reason: 'not_positive' };
	const lastComma = text.lastIndexOf(',');
	const lastDot = text.lastIndexOf('.');
	if (lastComma >= 0 && lastDot >= 0) {
		const mark = lastComma > lastDot ? ',' : '.';
		const grouping = mark === ',' ? '.' : ',';
		const [whole = '', ...rest] = text.split(mark);
		// The mark once; the grouping only between groups of three.
		if (rest.length !== 1 || !/^\d{1,3}([.,]\d{3})*$/.test(whole)) {
			return { ok: false, reason: 'invalid' };
		}
		text = `${whole.replaceAll(grouping, '')}.${rest[0]}`;
	} else {
		text = text.replace(',', '.');
	}
	const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
	if (!match) return { ok: false, reason: 'invalid' };
	const [, whole = '', decimals = ''] = match;
	if (decimals.length > 2) return { ok: false, reason: 'too_many_decimals' };
	if (whole.length > 12) return { ok: false, reason: 'too_large' };
	const ore = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
	if (ore <= 0) return { ok: false, reason: 'not_positive' };
	if (ore > maxOre) return { ok: false, reason: 'too_large' };
	return { ok: true, ore };
}

/** A zod field of NOK typed by a person → øre; the issue's message is the refusal's code. */
export function amountSchema(maxOre: number) {
	return z.union([z.string(), z.number()]).transform((value, ctx) => {
		const parsed = parseAmount(value, maxOre);
		if (!parsed.ok) {
			ctx.addIssue({
				code: 'custom',
				message: `amount_${parsed.reason}`,
				params: { reason: parsed.reason }
			});
			return z.NEVER;
		}
		return parsed.ore;
	});
}

/** Kilometres as typed ("12,5", "40") → whole metres; at most one decimal. */
export function parseDistance(input: string | number, maxKm = 10_000): number | null {
	const text = String(input)
		.replace(/[\s\u00a0\u202f]/g, '')
		.replace(',', '.');
	const match = /^(\d{1,6})(?:\.(\d))?$/.exec(text);
	if (!match) return null;
	const metres = Number(match[1]) * 1000 + Number(match[2] ?? 0) * 100;
	return metres > 0 && metres <= maxKm * 1000 ? metres : null;
}

/** A mileage line's amount: distance × the configured rate per kilometre, to the nearest øre. */
export function mileageOre(distanceM: number, rateOrePerKm: number): number {
	return Math.round((distanceM * rateOrePerKm) / 1000);
}

export interface ClaimTotals {
	/** The sum of the lines. */
	totalOre: number;
	advanceOre: number;
	/** What is paid out: the total less the advance, never below zero. */
	owedOre: number;
	/** An advance larger than the total: what the claimant should return (settled by finance). */
	returnOre: number;
}

export function claimTotals(lines: { amountOre: number }[], advanceOre: number): ClaimTotals {
	const totalOre = lines.reduce((sum, l) => sum + l.amountOre, 0);
	return {
		totalOre,
		advanceOre,
		owedOre: Math.max(0, totalOre - advanceOre),
		returnOre: Math.max(0, advanceOre - totalOre)
	};
}
