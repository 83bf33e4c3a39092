// Row types of the SQL store, as Kysely sees them. Timestamps are ISO 8601 strings in UTC
// (they sort as text in SQLite and PostgreSQL alike); money is whole øre.
// The tables are described by domain beside this file; Database names them all.
import type {
	UsersTable,
	SessionsTable,
	AuthTokensTable,
	LoginFailuresTable,
	OauthAccountsTable,
	OauthFlowsTable,
	TeamMembersTable,
	InvitationsTable,
	AdminGrantsTable
} from './identity';
import type {
	CampusesTable,
	CategoriesTable,
	UnitsTable,
	EventsTable,
	NewsTable,
	JobsTable,
	PagesTable,
	ProjectsTable,
	SlugRedirectsTable
} from './content';
import type {
	ProductsTable,
	CartReservationsTable,
	OrdersTable,
	OrderLinesTable,
	OrderEventsTable,
	PaymentSessionsTable,
	MembershipPlansTable,
	MembershipsTable
} from './shop';
import type { ExpenseClaimsTable, ExpenseLinesTable, ExpenseSubmittedUnitsTable } from './expenses';
import type {
	FilesTable,
	FileVariantsTable,
	DocumentsTable,
	DocumentPassagesTable,
	AssistantFeedbackTable
} from './files';
import type {
	MailOutboxTable,
	ContactMessagesTable,
	ContactRepliesTable,
	NotificationPreferencesTable,
	UnitFollowsTable
} from './messages';
import type {
	SafetyReportsTable,
	SafetyMessagesTable,
	SafetyAccessLogTable,
	SafetyGrantsTable
} from './safety';
import type {
	JobApplicationsTable,
	JobApplicationFilesTable,
	JobApplicationNotesTable
} from './applications';
import type {
	AttendanceTable,
	CheckInsTable,
	EventRegistrationTable,
	MarksTable,
	RegistrationPoolsTable,
	RegistrationsTable
} from './events';
import type { CalendarFeedsTable } from './calendar';
import type { EventFeedbackSettingsTable, EventFeedbackTable } from './feedback';
import type { AppMetaTable, RateLimitsTable, JobLeasesTable, AuditLogTable } from './system';

export type * from './identity';
export type * from './content';
export type * from './shop';
export type * from './expenses';
export type * from './files';
export type * from './messages';
export type * from './safety';
export type * from './applications';
export type * from './system';
export type * from './events';
export type * from './calendar';
export type * from './feedback';

export interface Database {
	users: UsersTable;
	sessions: SessionsTable;
	campuses: CampusesTable;
	categories: CategoriesTable;
	units: UnitsTable;
	events: EventsTable;
	news: NewsTable;
	jobs: JobsTable;
	pages: PagesTable;
	products: ProductsTable;
	cart_reservations: CartReservationsTable;
	orders: OrdersTable;
	order_lines: OrderLinesTable;
	order_events: OrderEventsTable;
	app_meta: AppMetaTable;
	projects: ProjectsTable;
	payment_sessions: PaymentSessionsTable;
	mail_outbox: MailOutboxTable;
	auth_tokens: AuthTokensTable;
	login_failures: LoginFailuresTable;
	oauth_accounts: OauthAccountsTable;
	oauth_flows: OauthFlowsTable;
	team_members: TeamMembersTable;
	invitations: InvitationsTable;
	membership_plans: MembershipPlansTable;
	memberships: MembershipsTable;
	contact_messages: ContactMessagesTable;
	contact_replies: ContactRepliesTable;
	rate_limits: RateLimitsTable;
	job_leases: JobLeasesTable;
	files: FilesTable;
	expense_claims: ExpenseClaimsTable;
	expense_lines: ExpenseLinesTable;
	expense_submitted_units: ExpenseSubmittedUnitsTable;
	audit_log: AuditLogTable;
	documents: DocumentsTable;
	document_passages: DocumentPassagesTable;
	assistant_feedback: AssistantFeedbackTable;
	file_variants: FileVariantsTable;
	slug_redirects: SlugRedirectsTable;
	admin_grants: AdminGrantsTable;
	safety_reports: SafetyReportsTable;
	safety_messages: SafetyMessagesTable;
	safety_access_log: SafetyAccessLogTable;
	safety_grants: SafetyGrantsTable;
	job_applications: JobApplicationsTable;
	job_application_files: JobApplicationFilesTable;
	job_application_notes: JobApplicationNotesTable;
	event_registration: EventRegistrationTable;
	registration_pools: RegistrationPoolsTable;
	registrations: RegistrationsTable;
	attendance: AttendanceTable;
	marks: MarksTable;
	calendar_feeds: CalendarFeedsTable;
	event_feedback_settings: EventFeedbackSettingsTable;
	event_feedback: EventFeedbackTable;
	notification_preferences: NotificationPreferencesTable;
	check_ins: CheckInsTable;
	unit_follows: UnitFollowsTable;
}
