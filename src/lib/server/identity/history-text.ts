// A person's or a team's history as the admin pages show it (components/AuditTrail.svelte): the
// actions in words, who did them, whom they concern, and each field as it was and became, in the
// request's language (sent as text: the pages carry no message tables for them).
import { roleLabel } from '$lib/auth-messages';
import { formatDateTime } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { TrailEntry } from '../audit/trail-entry';
import type { HistoryEntry } from './people';

const ACTIONS: Record<string, () => string> = {
	'team_member:add': m.admin_people_action_team_add,
	'team_member:change_role': m.admin_people_action_team_change,
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
	'user:export': m.admin_people_action_export,
	'user:delete': m.admin_people_action_account_deleted,
	'invitation:create': m.admin_people_action_invite,
	'invitation:revoke': m.admin_people_action_invite_revoke
};

function shown(key: string, value: unknown, locale: Locale): string {
	if (value === null || value === undefined) return '–';
	if (key === 'role' && typeof value === 'string') return roleLabel(value);
	if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) {
		return formatDateTime(value, locale);
	}
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The entries in words; `about`: say whom each concerns (a team's history lists several people's
 * entries).
 */
export function historyText(entries: HistoryEntry[], locale: Locale, about = false): TrailEntry[] {
	return entries.map((e) => {
		const code = `${e.subjectType}:${e.action}`;
		const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
		return {
			id: e.id,
			at: e.at,
			who:
				e.actorName ??
				(e.actor.startsWith('system:')
					? m.admin_people_history_system()
					: m.admin_people_deleted_user()),
			action: code,
			label: ACTIONS[code]?.() ?? `${e.subjectType} ${e.action}`,
			details: keys.map(
				(k) =>
					`${k}: ${shown(k, e.before?.[k] ?? null, locale)} → ${shown(k, e.after?.[k] ?? null, locale)}`
			),
			...(about
				? {
						about:
							e.subjectType === 'invitation'
								? m.admin_people_history_invitation()
								: (e.subjectName ?? m.admin_people_deleted_user())
					}
				: {})
		};
	});
}
