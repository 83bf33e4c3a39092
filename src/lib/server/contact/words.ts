// The contact inbox's words for a message's trail: what was done, and the field it changed. A
// status is named by $lib/contact/words.ts, which the pages share.
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

type Words = (inputs: object, options: { locale: Locale }) => string;

const ACTIONS: Record<string, Words> = {
	assign: m.contact_inbox_action_assign,
	status: m.contact_inbox_action_status,
	reply: m.contact_inbox_action_reply
};

const FIELDS: Record<string, Words> = {
	assignee_id: m.contact_inbox_assignee,
	status: m.contact_inbox_status
};

/** A trail entry's action in words; one without words shows as its code. */
export function actionLabel(action: string, locale: Locale): string {
	return ACTIONS[action]?.({}, { locale }) ?? action;
}

/** A changed field in words; one without words shows as its column. */
export function fieldLabel(key: string, locale: Locale): string {
	return FIELDS[key]?.({}, { locale }) ?? key;
}
