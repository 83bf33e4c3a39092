// An application's audit trail in words (components/AuditTrail.svelte): who by name ("the
// applicant" for what they did), what, and for a status change "before → after".
import { applicationStatusLabel } from '$lib/applications/words';
import { m } from '$lib/paraglide/messages';
import type { AuditRecord } from '../audit';
import { actorNames, type TrailEntry } from '../audit/trail-entry';
import type { Db } from '../db';

const ACTIONS: Record<string, () => string> = {
	submitted: m.applications_trail_submitted,
	status: m.applications_trail_status,
	note: m.applications_trail_note
};

export async function applicationTrail(db: Db, records: AuditRecord[]): Promise<TrailEntry[]> {
	const names = await actorNames(
		db,
		records.map((r) => r.actor)
	);
	return records.map((r) => {
		const before = (r.details.before ?? null) as { status?: string } | null;
		const after = (r.details.after ?? null) as { status?: string } | null;
		return {
			id: r.id,
			at: r.at,
			who:
				r.actor === 'applicant'
					? m.applications_trail_applicant()
					: (names.get(r.actor) ?? r.actor),
			action: r.action,
			label: ACTIONS[r.action]?.() ?? r.action,
			details:
				r.action === 'status' && before?.status && after?.status
					? [`${applicationStatusLabel(before.status)} → ${applicationStatusLabel(after.status)}`]
					: []
		};
	});
}
