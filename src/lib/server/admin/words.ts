// The admin pages' generic words for audit entries: what kind of record an entry is about, and
// the three actions every content record's trail shares (a domain with actions of its own names
// them in its words.ts). Used by the dashboard's recent changes and the records' change trails.
import { m } from '$lib/paraglide/messages';

const SUBJECTS: Record<string, () => string> = {
	event: m.admin_subject_event,
	news: m.admin_subject_news,
	job: m.admin_subject_job,
	project: m.admin_subject_project,
	unit: m.admin_subject_unit,
	page: m.admin_subject_page,
	leader: m.admin_subject_leader,
	campus: m.admin_subject_campus,
	'event-category': m.admin_subject_event_category,
	'product-category': m.admin_subject_product_category,
	product: m.admin_subject_product,
	order: m.admin_subject_order,
	user: m.admin_subject_user,
	expense_claim: m.admin_subject_claim,
	assistant_question: m.admin_subject_question,
	contact_message: m.admin_subject_contact,
	invitation: m.admin_subject_invitation,
	team_member: m.admin_subject_team_member,
	admin_grant: m.admin_subject_admin_grant,
	safety_grant: m.admin_subject_safety_grant
};
const ACTIONS: Record<string, () => string> = {
	create: m.admin_trail_create,
	update: m.admin_trail_update,
	delete: m.admin_trail_delete
};

/** The kind of record an entry is about; a kind without words shows as its code, spaced. */
export function subjectWord(subjectType: string): string {
	return (SUBJECTS[subjectType] ?? (() => subjectType.replace(/_/g, ' ')))();
}

/** Create, update or delete in words; null for an action of a domain's own. */
export function changeActionWord(action: string): string | null {
	return ACTIONS[action]?.() ?? null;
}
