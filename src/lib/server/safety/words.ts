// A report's access log in words, as the safety team's page shows it (components/AuditTrail.svelte).
import { m } from '$lib/paraglide/messages';
import { safetyStatusLabel } from '$lib/safety/words';
import type { SafetyStatus } from '$lib/safety/statuses';
import type { TrailEntry } from '../audit/trail-entry';
import type { AccessEntry } from '.';

const ACTIONS = {
	read: m.safety_log_read,
	status: m.safety_log_status,
	reply: m.safety_log_reply
};

const statusWord = (value: unknown) =>
	typeof value === 'string' && ['new', 'in_review', 'closed'].includes(value)
		? safetyStatusLabel(value as SafetyStatus)
		: '–';

export function accessLogText(entries: AccessEntry[]): TrailEntry[] {
	return entries.map((e) => ({
		id: e.id,
		at: e.at,
		who: e.actorName,
		action: `safety:${e.action}`,
		label: ACTIONS[e.action](),
		details:
			e.details && 'to' in e.details
				? [`${statusWord(e.details.from)} → ${statusWord(e.details.to)}`]
				: []
	}));
}
