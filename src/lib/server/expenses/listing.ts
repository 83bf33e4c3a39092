// What the /fs pages print beside a claim's own columns: for the approver's queue the claimant's
// and unit's names and whether finance must approve too; for the detail the receipt files' names
// and types (a PDF receipt has no thumbnail to show). Read outside any transaction.
import type { Db } from '../db';
import type { Localized } from './names';

export interface QueueNames {
	claimantName: string;
	unit: Localized;
	/** A line is above the limit a leader may approve alone: finance must approve too. */
	overLimit: boolean;
}

export async function queueNames(
	db: Db,
	claims: { id: string; claimant_id: string; unit_id: string }[],
	financeLimitOre: number
): Promise<Map<string, QueueNames>> {
	if (claims.length === 0) return new Map();
	const userIds = [...new Set(claims.map((c) => c.claimant_id))];
	const unitIds = [...new Set(claims.map((c) => c.unit_id))];
	const [users, units, over] = await Promise.all([
		db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute(),
		db
			.selectFrom('units')
			.select(['id', 'name_no', 'name_en'])
			.where('id', 'in', unitIds)
			.execute(),
		db
			.selectFrom('expense_lines')
			.select('claim_id')
			.distinct()
			.where(
				'claim_id',
				'in',
				claims.map((c) => c.id)
			)
			.where('amount_ore', '>', financeLimitOre)
			.execute()
	]);
	const userName = new Map(users.map((u) => [u.id, u.name]));
	const unitName = new Map(units.map((u) => [u.id, { no: u.name_no, en: u.name_en }]));
	const overIds = new Set(over.map((o) => o.claim_id));
	return new Map(
		claims.map((c) => [
			c.id,
			{
				claimantName: userName.get(c.claimant_id) ?? '',
				unit: unitName.get(c.unit_id) ?? { no: c.unit_id, en: c.unit_id },
				overLimit: overIds.has(c.id)
			}
		])
	);
}

export interface ReceiptFile {
	name: string;
	mimeType: string;
	hasThumbnail: boolean;
}

/** File id → what the page shows of it; ids no longer stored are absent. */
export async function receiptFiles(
	db: Db,
	fileIds: (string | null)[]
): Promise<Record<string, ReceiptFile>> {
	const ids = [...new Set(fileIds.filter((f): f is string => f !== null))];
	if (ids.length === 0) return {};
	const rows = await db
		.selectFrom('files')
		.select(['id', 'original_name', 'mime_type', 'thumbnail_key'])
		.where('id', 'in', ids)
		.execute();
	return Object.fromEntries(
		rows.map((r) => [
			r.id,
			{ name: r.original_name, mimeType: r.mime_type, hasThumbnail: r.thumbnail_key !== null }
		])
	);
}
