// What a claim names must exist, and its receipts must be the caller's own uploads: checked before
// anything is written, since a foreign key would answer a 500.
import type { Db } from '../db';
import type { ParsedClaim } from './input';
import type { Refused } from './types';

/** Who uploaded each stored file; ids it does not know are absent from the map. */
export type FileUploaders = (fileIds: string[]) => Promise<Map<string, string>>;

/** Unit of the campus, event and project that exist; a foreign key would answer a 500. */
export async function checkReferences(
	db: Db,
	fileUploaders: FileUploaders | undefined,
	claim: ParsedClaim,
	userId: string,
	claimId: string | null
): Promise<Refused | null> {
	const issue = (path: (string | number)[], message = 'unknown') =>
		({
			ok: false,
			reason: 'invalid',
			issues: [{ code: 'custom', message, path, input: undefined }]
		}) as Refused;
	const refused = await checkFiles(db, fileUploaders, claim, userId, claimId);
	if (refused !== null) return issue(['lines', refused, 'fileId'], 'file');
	const unit = await db
		.selectFrom('units')
		.select('campus_id')
		.where('id', '=', claim.unitId)
		.executeTakeFirst();
	if (!unit || unit.campus_id !== claim.campusId) return issue(['unitId']);
	if (claim.eventId) {
		const event = await db
			.selectFrom('events')
			.select('id')
			.where('id', '=', claim.eventId)
			.executeTakeFirst();
		if (!event) return issue(['eventId']);
	}
	if (claim.projectId) {
		const project = await db
			.selectFrom('projects')
			.select('id')
			.where('id', '=', claim.projectId)
			.executeTakeFirst();
		if (!project) return issue(['projectId']);
	}
	return null;
}

/**
 * The index of the first line whose file the caller may not attach: one another user uploaded
 * (attaching it would let the caller read it through their own claim) or one that does not
 * exist. Files already on this claim stay allowed. Without `fileUploaders` nothing is checked.
 */
async function checkFiles(
	db: Db,
	fileUploaders: FileUploaders | undefined,
	claim: ParsedClaim,
	userId: string,
	claimId: string | null
): Promise<number | null> {
	if (!fileUploaders) return null;
	const ids = claim.lines.map((l) => (l.kind === 'receipt' ? l.fileId : null));
	const wanted = [...new Set(ids.filter((f): f is string => f !== null))];
	if (wanted.length === 0) return null;
	const onClaim = new Set(
		claimId
			? (
					await db
						.selectFrom('expense_lines')
						.select('file_id')
						.where('claim_id', '=', claimId)
						.where('file_id', 'in', wanted)
						.execute()
				).map((r) => r.file_id)
			: []
	);
	const uploaders = await fileUploaders(wanted.filter((f) => !onClaim.has(f)));
	const index = ids.findIndex((f) => f !== null && !onClaim.has(f) && uploaders.get(f) !== userId);
	return index === -1 ? null : index;
}
