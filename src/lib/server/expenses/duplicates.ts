// Possible duplicates, flagged to the approver rather than silently accepted: a receipt with the
// same date, amount and merchant, or the same receipt file, on another claim the approver may open
// (visibility.ts: never another member's draft), withdrawn claims aside. "The same file" is the
// same content: the SHA-256 of the bytes as they were uploaded (the files port hashes them before
// an image is normalised), so the same photo uploaded again, under another file id, is found too.
import type { Db } from '../db';
import { openableBy, type ClaimViewer } from './visibility';

export interface Duplicate {
	/** The line of this claim. */
	lineId: string;
	otherClaimId: string;
	otherLineId: string;
	otherStatus: string;
	match: 'same_receipt' | 'same_file';
}

/** Merchants as matched: case, spacing and compatibility forms ignored. */
export function merchantKey(merchant: string): string {
	return merchant.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export async function findDuplicates(
	db: Db,
	claimId: string,
	viewer: ClaimViewer
): Promise<Duplicate[]> {
	const lines = await db
		.selectFrom('expense_lines as l')
		.leftJoin('files as f', 'f.id', 'l.file_id')
		.select(['l.id', 'l.date', 'l.amount_ore', 'l.merchant_key', 'l.file_id', 'f.sha256'])
		.where('l.claim_id', '=', claimId)
		.where('l.kind', '=', 'receipt')
		.execute();
	if (lines.length === 0) return [];
	const others = await db
		.selectFrom('expense_lines as l')
		.innerJoin('expense_claims as c', 'c.id', 'l.claim_id')
		.leftJoin('files as f', 'f.id', 'l.file_id')
		.select([
			'l.id',
			'l.claim_id',
			'l.date',
			'l.amount_ore',
			'l.merchant_key',
			'l.file_id',
			'f.sha256',
			'c.status'
		])
		.where('l.claim_id', '!=', claimId)
		.where('c.status', '!=', 'withdrawn')
		.where(openableBy(viewer, 'c'))
		.where('l.kind', '=', 'receipt')
		.where((eb) =>
			eb.or(
				lines.flatMap((line) => [
					eb.and([
						eb('l.date', '=', line.date),
						eb('l.amount_ore', '=', line.amount_ore),
						eb('l.merchant_key', '=', line.merchant_key ?? '')
					]),
					...(line.file_id ? [eb('l.file_id', '=', line.file_id)] : []),
					...(line.sha256 ? [eb('f.sha256', '=', line.sha256)] : [])
				])
			)
		)
		.orderBy('l.claim_id')
		.orderBy('l.position')
		.execute();
	const found: Duplicate[] = [];
	for (const line of lines) {
		for (const other of others) {
			const sameFile =
				(line.file_id !== null && other.file_id === line.file_id) ||
				(line.sha256 !== null && other.sha256 === line.sha256);
			const sameReceipt =
				other.date === line.date &&
				other.amount_ore === line.amount_ore &&
				other.merchant_key === line.merchant_key;
			if (!sameFile && !sameReceipt) continue;
			found.push({
				lineId: line.id,
				otherClaimId: other.claim_id,
				otherLineId: other.id,
				otherStatus: other.status,
				match: sameFile ? 'same_file' : 'same_receipt'
			});
		}
	}
	return found;
}
