// A job application's status in words, for the inbox pages, the CSV and the audit trail.
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

type Message = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

const STATUS: Record<string, Message> = {
	received: m.applications_status_received,
	in_review: m.applications_status_in_review,
	interview: m.applications_status_interview,
	offered: m.applications_status_offered,
	declined: m.applications_status_declined
};

/** A status in words: of the page's locale, or of `locale` (a CSV file). */
export function applicationStatusLabel(status: string, locale?: Locale): string {
	if (!Object.hasOwn(STATUS, status)) return status;
	return STATUS[status]!({}, locale ? { locale } : undefined);
}
