// Writes that no cached page can show: sessions, sign-in tokens, the mail outbox, counters,
// leases, uploads, expense claims, safety reports, event registrations and the audit log. They are
// most of the writes a busy site makes (every sign-in, every autosave of a claim, every registration
// at an event's opening), and each used to clear every instance's page cache.
// A table not named here clears it, so a new public table can never serve stale pages.
const PRIVATE = new Set([
	'sessions',
	'auth_tokens',
	'login_failures',
	'oauth_flows',
	'oauth_accounts',
	'mail_outbox',
	'rate_limits',
	'job_leases',
	'app_meta',
	'files',
	'expense_claims',
	'expense_lines',
	'expense_submitted_units',
	'audit_log',
	'contact_messages',
	'contact_replies',
	'payment_sessions',
	'assistant_feedback',
	'safety_reports',
	'safety_messages',
	'safety_access_log',
	'safety_grants',
	'job_applications',
	'job_application_files',
	'job_application_notes',
	// Who registered for an event: its counts and a member's own status are read live for each
	// request (never from a cached page), and a rush writes hundreds a second. An event's
	// registration settings and pools are public (the page shows when it opens, the pools).
	'registrations',
	// A member's secret feed address: no page shows it.
	'calendar_feeds',
	// A member's choice of e-mails: read for their profile and the mails sent to them only.
	'notification_preferences',
	// Attendees' feedback on an event: only its organisers' results page reads it, live. Whether an
	// event asks for feedback is public (its page links to the form).
	'event_feedback',
	// Who came to an event and the marks members were given: shown to them and the organisers only.
	'attendance',
	'marks',
	// Who came through the door: shown to the event's organisers only, written a scan at a time.
	'check_ins',
	// Whom a member follows: read for the mails sent to them and the unit page's button only.
	'unit_follows'
]);

// Kysely writes `insert into "t"`, `update "t"`, `delete from "t"`; a statement of another shape
// (with a CTE, raw SQL) is taken to change anything.
const TARGET = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?[\s(]/i;

/** Whether a statement that changed rows may have changed what a public page shows. */
export function changesPublicPages(statement: string): boolean {
	const table = TARGET.exec(statement)?.[1]?.toLowerCase();
	return table === undefined || !PRIVATE.has(table);
}
