// Row types of the SQL store, as Kysely sees them. Timestamps are ISO 8601 strings in UTC
// (they sort as text in SQLite and PostgreSQL alike); money is whole øre.
import type { Generated } from 'kysely';

type Localized<K extends string> = { [P in `${K}_no` | `${K}_en`]: string };

/** What the admin publishes (migration 015): a draft is not public; nor is it before published_at. */
type Publishable = { draft: Generated<number>; published_at: string | null };
/** Raised by every change; an edit made on an older version is refused (migration 015). */
type Versioned = { version: Generated<number> };
/** An uploaded image (the files port) and its alt text per locale (migration 015). */
type WithImage = {
	image_file_id: string | null;
	image_alt_no: string | null;
	image_alt_en: string | null;
};

export interface UsersTable {
	id: string;
	email: string | null;
	name: string;
	password_hash: string | null;
	is_anonymous: Generated<number>;
	locale: string | null;
	created_at: string;
	/** When the owner proved the address (link, invitation or a provider's verified claim). */
	email_verified_at: string | null;
	/** When the account was deleted and its row anonymised (migration 017); null while it lives. */
	deleted_at: string | null;
}

export interface SessionsTable {
	id: string;
	user_id: string;
	secret_hash: string;
	created_at: string;
	expires_at: string;
	revoked_at: string | null;
	/** Last sliding renewal; shown on the profile's session list. */
	last_seen_at: string | null;
	/** The browser's User-Agent at sign-in, cut to 200 characters, to tell sessions apart. */
	user_agent: string | null;
}

export interface CampusesTable {
	id: string;
	name: string;
	sort: number;
	version: Generated<number>;
}

/**
 * Categories of events and products, named in both languages. `id` is the code the events' or
 * products' `category` column stores (unique across both kinds); `kind` is `event` or `product`.
 */
export type CategoriesTable = {
	id: string;
	kind: string;
	sort: number;
	version: Generated<number>;
} & Localized<'name'>;

export type UnitsTable = { id: string; campus_id: string; type: string; sort: number } & Localized<
	'name' | 'summary' | 'body'
> &
	Publishable &
	Versioned &
	WithImage;

export type EventsTable = {
	/** Made from the Norwegian title: the Norwegian address. */
	id: string;
	/** The English address (migration 021); null: the id serves both languages. */
	slug_en: Generated<string | null>;
	campus_id: string;
	unit_id: string | null;
	category: string;
	location: string;
	starts_at: string;
	ends_at: string;
	price_ore: number | null;
	capacity: number | null;
	image: string | null;
	product_id: string | null;
} & Localized<'title' | 'summary' | 'body'> &
	Publishable &
	Versioned &
	WithImage;

export type NewsTable = {
	/** Made from the Norwegian title: the Norwegian address. */
	id: string;
	/** The English address (migration 021); null: the id serves both languages. */
	slug_en: Generated<string | null>;
	unit_id: string | null;
	/** The publication time shown; before it the item is not public. */
	published_at: string;
	image: string | null;
	draft: Generated<number>;
} & Localized<'title' | 'summary' | 'body'> &
	Versioned &
	WithImage;

export type JobsTable = {
	id: string;
	slug: string;
	unit_id: string | null;
	deadline: string;
	apply_url: string;
} & Localized<'title' | 'summary' | 'body'> &
	Publishable &
	Versioned;

export type PagesTable = { slug: string } & Localized<'title' | 'summary' | 'body'> &
	/** Search words for the assistant and the site search (migration 027), never shown. */
	{ keywords_no: Generated<string>; keywords_en: Generated<string> } & Publishable &
	Versioned;

export type ProductsTable = {
	id: string;
	slug: string;
	unit_id: string | null;
	category: string;
	price_ore: number;
	member_price_ore: number | null;
	/** null: no stock limit. */
	stock: number | null;
	max_per_order: number | null;
	image: string | null;
	featured: number;
	active: number;
} & Localized<'name' | 'description'> &
	Versioned &
	WithImage;

/** Status: `active` or `completed`. */
export type ProjectsTable = {
	id: string;
	slug: string;
	unit_id: string | null;
	status: string;
	started_at: string;
	image: string | null;
	sort: number;
} & Localized<'title' | 'summary' | 'body'> &
	Publishable &
	Versioned &
	WithImage;

export interface CartReservationsTable {
	id: string;
	cart_id: string;
	product_id: string;
	quantity: number;
	created_at: string;
	expires_at: string;
}

export interface OrdersTable {
	id: string;
	user_id: string;
	status: string;
	provider: string;
	provider_session_id: string | null;
	total_ore: number;
	buyer_name: string;
	buyer_email: string;
	buyer_phone: string;
	/** The cart whose reservations a cancelled or failed order releases; null when none. */
	cart_id: string | null;
	created_at: string;
	updated_at: string;
	/** The buyer's locale at checkout (no | en); the confirmation e-mail uses it. */
	locale: string | null;
}

export interface OrderLinesTable {
	id: string;
	order_id: string;
	product_id: string;
	name: string;
	unit_price_ore: number;
	quantity: number;
}

export interface OrderEventsTable {
	id: string;
	order_id: string;
	from_status: string | null;
	to_status: string;
	actor: string;
	at: string;
	note: string | null;
}

/** Sessions of the simulator provider; state is a PaymentState. */
export interface PaymentSessionsTable {
	id: string;
	order_id: string;
	state: string;
	amount_ore: number;
	/** What capture took and refunds gave back (016); a refund never exceeds the capture. */
	captured_ore: Generated<number>;
	refunded_ore: Generated<number>;
	created_at: string;
	updated_at: string;
}

export interface MailOutboxTable {
	id: string;
	/** What the message is for (order-confirmation, contact, password-reset, …). */
	kind: string;
	to_address: string;
	subject: string;
	text_body: string;
	/** 'outbox' (kept here only) or 'smtp'. */
	transport: string;
	created_at: string;
	/** When SMTP accepted it; null in the outbox or after a failure. */
	sent_at: string | null;
	error: string | null;
	reply_to: string | null;
	/**
	 * 1: to_address holds the recipient encrypted with the keyring (`mail_outbox:<id>:to`); the row
	 * is deleted once SMTP accepted it. Defaults to 0.
	 */
	sealed: Generated<number>;
	/** The account the message is about besides its recipient (migration 023): a claimant, a buyer, an inviter. */
	about_user_id: Generated<string | null>;
	/** Someone it is about who needs no account (migration 023): a contact sender, an applicant. */
	about_address: Generated<string | null>;
}

export interface ContactMessagesTable {
	id: string;
	name: string;
	email: string;
	subject: string;
	message: string;
	/** The page locale the message was written from. */
	locale: string;
	created_at: string;
	/** The mail_outbox row of the notification; null until it is written. */
	mail_id: string | null;
	/** new | handled (migration 020). */
	status: Generated<string>;
	/** The staff member dealing with it; null: nobody yet. */
	assignee_id: string | null;
	handled_at: string | null;
	version: Generated<number>;
}

/** A staff member's answer to a contact message, sent by mail with the message quoted. */
export interface ContactRepliesTable {
	id: string;
	message_id: string;
	author_id: string;
	body: string;
	mail_id: string | null;
	created_at: string;
}

/** purpose: 'verify' (e-mail address) or 'reset' (password). */
export interface AuthTokensTable {
	id: string;
	user_id: string;
	purpose: string;
	token_hash: string;
	created_at: string;
	expires_at: string;
	used_at: string | null;
}

export interface LoginFailuresTable {
	key: string;
	failures: number;
	last_failure_at: string;
}

export interface OauthAccountsTable {
	provider: string;
	subject: string;
	user_id: string;
	created_at: string;
}

export interface OauthFlowsTable {
	state_hash: string;
	provider: string;
	code_verifier: string;
	nonce: string;
	redirect_to: string;
	created_at: string;
	expires_at: string;
}

/**
 * role: member | leader | finance. The one record of who is on a unit's team; the titles are what
 * the public pages show with the person's name (migration 025), none: the role's own word.
 */
export interface TeamMembersTable {
	unit_id: string;
	user_id: string;
	role: string;
	created_at: string;
	title_no: string | null;
	title_en: string | null;
}

export interface InvitationsTable {
	id: string;
	unit_id: string;
	role: string;
	email: string;
	token_hash: string;
	invited_by: string;
	created_at: string;
	expires_at: string;
	accepted_at: string | null;
	accepted_by: string | null;
	revoked_at: string | null;
}

/** What a paid line of a membership product grants. */
export interface MembershipPlansTable {
	product_id: string;
	/** semester | year */
	period: string;
	/** student | regular */
	audience: string;
	months: number;
	sort: number;
}

/** A membership period bought by a user; one row per paid order line. */
export interface MembershipsTable {
	id: string;
	user_id: string;
	order_id: string;
	product_id: string;
	starts_at: string;
	ends_at: string;
	created_at: string;
}

export interface AppMetaTable {
	key: string;
	value: string;
}

export interface RateLimitsTable {
	key: string;
	count: number;
	reset_at_ms: number;
}

export interface JobLeasesTable {
	name: string;
	/** The instance (a random id per process) that runs the job. */
	holder: string;
	expires_at: string;
}

export interface FilesTable {
	id: string;
	owner_id: string;
	/** receipt | image | application | document */
	purpose: string;
	/** Of the kept bytes, as found in them (files/sniff.ts). */
	mime_type: string;
	size: number;
	/** Of the bytes as uploaded, hex. */
	sha256: string;
	original_name: string;
	storage_key: string;
	width: number | null;
	height: number | null;
	thumbnail_key: string | null;
	created_at: string;
}

/** status: see expenses/workflow.ts. */
export interface ExpenseClaimsTable {
	id: string;
	claimant_id: string;
	campus_id: string;
	unit_id: string;
	event_id: string | null;
	project_id: string | null;
	purpose: string;
	/** AES-256-GCM, "v1:<key id>:…"; null when not given yet or erased after payment. */
	payout_account: string | null;
	account_erased_at: string | null;
	status: string;
	advance_ore: number;
	total_ore: number;
	version: number;
	created_at: string;
	updated_at: string;
	submitted_at: string | null;
	decided_at: string | null;
	decided_by: string | null;
	paid_at: string | null;
	/** YYYY-MM-DD, the bookkeeping date of the payout. */
	payout_date: string | null;
	rejection_reason: string | null;
}

/** kind: receipt | mileage. */
export interface ExpenseLinesTable {
	id: string;
	claim_id: string;
	position: number;
	kind: string;
	/** YYYY-MM-DD. */
	date: string;
	description: string;
	merchant: string | null;
	merchant_key: string | null;
	amount_ore: number;
	currency: string | null;
	original_hundredths: number | null;
	distance_m: number | null;
	rate_ore_per_km: number | null;
	from_place: string | null;
	to_place: string | null;
	file_id: string | null;
}

/** The units a claim was submitted to (migration 023): whose approvers may open it. */
export interface ExpenseSubmittedUnitsTable {
	claim_id: string;
	unit_id: string;
	/** The first submission to the unit. */
	submitted_at: string;
}

export interface AuditLogTable {
	id: string;
	at: string;
	/** A user id or "system:<job>". */
	actor: string;
	subject_type: string;
	subject_id: string;
	action: string;
	/** JSON text. */
	details: string | null;
}

export interface DocumentsTable {
	id: string;
	file_id: string;
	title: string;
	/** no | en; null: both. */
	locale: string | null;
	unit_id: string | null;
	uploaded_by: string;
	characters: number;
	passage_count: number;
	created_at: string;
}

export interface DocumentPassagesTable {
	document_id: string;
	position: number;
	heading: string | null;
	text: string;
}

export interface AssistantFeedbackTable {
	id: string;
	locale: string;
	question: string | null;
	found: number;
	answered_by: string;
	rating: string | null;
	created_at: string;
	rated_at: string | null;
}

export interface FileVariantsTable {
	file_id: string;
	format: string;
	width: number;
	height: number;
	size: number;
	storage_key: string;
}

export interface SlugRedirectsTable {
	kind: string;
	slug: string;
	target: string;
	created_at: string;
}

export interface AdminGrantsTable {
	user_id: string;
	granted_by: string;
	granted_at: string;
}

export interface SafetyReportsTable {
	id: string;
	receipt_hash: string;
	passphrase_hash: string;
	body: string;
	reporter_name: string | null;
	reporter_email: string | null;
	unit_id: string | null;
	locale: string;
	status: string;
	version: Generated<number>;
	last_message_by: string;
	created_at: string;
	updated_at: string;
}

export interface SafetyMessagesTable {
	id: string;
	report_id: string;
	author: string;
	staff_id: string | null;
	body: string;
	created_at: string;
}

export interface SafetyAccessLogTable {
	id: string;
	report_id: string;
	actor: string;
	action: string;
	details: string | null;
	at: string;
}

export interface SafetyGrantsTable {
	user_id: string;
	granted_by: string;
	granted_at: string;
}

/** Status: received | in_review | interview | offered | declined (applications/status.ts). */
export interface JobApplicationsTable {
	id: string;
	job_id: string;
	owner_id: string;
	name: string;
	email: string;
	phone: string;
	motivation: string;
	locale: string;
	status: string;
	version: Generated<number>;
	withdraw_token_hash: string;
	/** JSON array of mail_outbox ids. */
	mail_ids: string;
	created_at: string;
	updated_at: string;
}

export interface JobApplicationFilesTable {
	application_id: string;
	position: number;
	file_id: string;
}

export interface JobApplicationNotesTable {
	id: string;
	application_id: string;
	author_id: string;
	body: string;
	created_at: string;
}

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
}
