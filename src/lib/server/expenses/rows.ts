// A claim's rows as the service hands them out, and its lines as they are stored.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { merchantKey } from './duplicates';
import type { LineInput } from './input';
import { claimTotals } from './money';
import type { ClaimSummary, ExpenseLine } from './types';
import type { ClaimStatus } from './workflow';

type ClaimRow = Database['expense_claims'];
export type LineRow = Database['expense_lines'];

export async function insertLines(trx: Kysely<Database>, claimId: string, lines: LineInput[]) {
	if (lines.length === 0) return;
	await trx
		.insertInto('expense_lines')
		.values(
			lines.map((line, position) => ({
				id: randomUUID(),
				claim_id: claimId,
				position,
				kind: line.kind,
				date: line.date,
				description: line.description,
				merchant: line.kind === 'receipt' ? line.merchant : null,
				merchant_key: line.kind === 'receipt' ? merchantKey(line.merchant) : null,
				amount_ore: line.amountOre,
				currency: line.kind === 'receipt' ? line.currency : null,
				original_hundredths: line.kind === 'receipt' ? line.originalHundredths : null,
				distance_m: line.kind === 'mileage' ? line.distanceM : null,
				rate_ore_per_km: line.kind === 'mileage' ? line.rateOrePerKm : null,
				from_place: line.kind === 'mileage' ? line.from : null,
				to_place: line.kind === 'mileage' ? line.to : null,
				file_id: line.kind === 'receipt' ? line.fileId : null
			}))
		)
		.execute();
}

export async function linesOf(trx: Kysely<Database>, claimId: string): Promise<LineRow[]> {
	return trx
		.selectFrom('expense_lines')
		.selectAll()
		.where('claim_id', '=', claimId)
		.orderBy('position')
		.execute();
}

/** Whether a line is above the amount a leader may approve alone. */
export function overLimit(lines: { amount_ore: number }[], financeLimitOre: number): boolean {
	return lines.some((l) => l.amount_ore > financeLimitOre);
}

export function summary(row: ClaimRow): ClaimSummary {
	return {
		id: row.id,
		claimantId: row.claimant_id,
		campusId: row.campus_id,
		unitId: row.unit_id,
		purpose: row.purpose,
		status: row.status as ClaimStatus,
		totals: claimTotals([{ amountOre: row.total_ore }], row.advance_ore),
		version: row.version,
		createdAt: row.created_at,
		submittedAt: row.submitted_at,
		decidedAt: row.decided_at,
		paidAt: row.paid_at,
		payoutDate: row.payout_date
	};
}

export function line(row: LineRow, financeLimitOre: number): ExpenseLine {
	return {
		id: row.id,
		kind: row.kind as ExpenseLine['kind'],
		date: row.date,
		description: row.description,
		merchant: row.merchant,
		amountOre: row.amount_ore,
		currency: row.currency,
		originalHundredths: row.original_hundredths,
		distanceM: row.distance_m,
		rateOrePerKm: row.rate_ore_per_km,
		from: row.from_place,
		to: row.to_place,
		fileId: row.file_id,
		overLimit: row.amount_ore > financeLimitOre
	};
}
