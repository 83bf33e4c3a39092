// A safety report's status in words, for the reporter's page and the safety team's.
import { m } from '$lib/paraglide/messages';
import type { SafetyStatus } from '$lib/safety/statuses';

const LABELS: Record<SafetyStatus, () => string> = {
	new: m.safety_status_new,
	in_review: m.safety_status_in_review,
	closed: m.safety_status_closed
};

export const safetyStatusLabel = (status: SafetyStatus): string => LABELS[status]();
