// A person's or a team's history as the admin pages show it (components/AuditTrail.svelte): the
// actions in words, who did them, whom they concern, and each field as it was and became, in the
// request's language (sent as text: the pages carry no message tables for them).
import { roleLabel } from '$lib/identity/words';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { TrailEntry } from '../audit/trail-entry';
import { isBareId, trailValue } from '../audit/trail-values';
import type { HistoryEntry } from './people';

type Words = (inputs: object, options: { locale: Locale }) => string;

const ACTIONS: Record<string, Words> = {
	'team_member:add': m.admin_people_action_team_add,
	'team_member:change_role': m.admin_people_action_team_change,
	'team_member:change_title': m.admin_people_action_team_title,
	'team_member:remove': m.admin_people_action_team_remove,
	'team_member:accept_invitation': m.admin_people_action_team_join,
	'team_member:account_deleted': m.admin_people_action_account_deleted,
	'admin_grant:grant': m.admin_people_action_grant,
	'admin_grant:revoke': m.admin_people_action_grant_revoke,
	'admin_grant:account_deleted': m.admin_people_action_account_deleted,
	'safety_grant:grant': m.safety_people_action_grant,
	'safety_grant:revoke': m.safety_people_action_revoke,
	'safety_grant:account_deleted': m.admin_people_action_account_deleted,
	'user:revoke_session': m.admin_people_action_session_revoke,
	'user:revoke_all_sessions': m.admin_people_action_sessions_revoke,
	'user:set_campus': m.admin_people_action_campus,
	'user:export': m.admin_people_action_export,
	'user:delete': m.admin_people_action_account_deleted,
	'invitation:create': m.admin_people_action_invite,
	'invitation:revoke': m.admin_people_action_invite_revoke
};

const FIELDS: Record<string, Words> = {
	role: m.admin_people_field_role,
	expires_at: m.admin_people_field_expires_at,
	revoked_at: m.admin_people_field_revoked_at,
	granted_by: m.admin_people_field_granted_by,
	granted_at: m.admin_people_field_granted_at,
	live_sessions: m.admin_people_field_live_sessions,
	session: m.admin_people_field_session_ended,
	title_no: m.admin_people_field_title_no,
	title_en: m.admin_people_field_title_en,
	campus_id: m.admin_people_field_campus
};

/** An identity entry's action in words (`<subject type>:<action>`), or undefined. */
export const identityActionLabel = (code: string, locale: Locale): string | undefined =>
	ACTIONS[code]?.({}, { locale });

/** The invitation an account joined by: an id nobody can read, and the action says as much. */
const HIDDEN = new Set(['invitation']);

/** A field added later reads as words until it has a label of its own. */
function fieldLabel(key: string, locale: Locale): string {
	const label = FIELDS[key]?.({}, { locale });
	if (label) return label;
	const words = key.replace(/_/g, ' ');
	return words.charAt(0).toUpperCase() + words.slice(1);
}

function shown(key: string, value: unknown, locale: Locale, names: ReadonlyMap<string, string>) {
	if (key === 'role' && typeof value === 'string') return roleLabel(value, locale);
	// A signed-out session is recorded with its id; the reader needs when.
	if (key === 'session' && value && typeof value === 'object' && 'revoked_at' in value) {
		return trailValue(value.revoked_at, locale);
	}
	// The only ids these fields hold are accounts'; one without a name was deleted.
	if (isBareId(value, names)) return m.admin_people_deleted_user({}, { locale });
	return trailValue(value, locale, names);
}

/**
 * The entries in words; `about`: say whom each concerns (a team's history lists several people's
 * entries).
 */
export function historyText(entries: HistoryEntry[], locale: Locale, about = false): TrailEntry[] {
	const opts = { locale };
	return entries.map((e) => {
		const code = `${e.subjectType}:${e.action}`;
		const names = new Map(Object.entries(e.valueNames));
		const keys = [
			...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])
		].filter((k) => !HIDDEN.has(k));
		return {
			id: e.id,
			at: e.at,
			who:
				e.actorName ??
				(e.actor.startsWith('system:')
					? m.admin_people_history_system({}, opts)
					: m.admin_people_deleted_user({}, opts)),
			action: code,
			label: identityActionLabel(code, locale) ?? `${e.subjectType} ${e.action}`,
			details: keys.map(
				(k) =>
					`${fieldLabel(k, locale)}: ${shown(k, e.before?.[k], locale, names)} → ${shown(k, e.after?.[k], locale, names)}`
			),
			...(about
				? {
						about:
							e.subjectType === 'invitation'
								? m.admin_people_history_invitation({}, opts)
								: (e.subjectName ?? m.admin_people_deleted_user({}, opts))
					}
				: {})
		};
	});
}
