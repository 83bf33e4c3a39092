// Row types of the SQL store, as Kysely sees them. Timestamps are ISO 8601 strings in UTC
// (they sort as text in SQLite and PostgreSQL alike); money is whole øre.
import type { Generated } from 'kysely';

type Localized<K extends string> = { [P in `${K}_no` | `${K}_en`]: string };

export interface UsersTable {
	id: string;
	email: string | null;
	name: string;
	password_hash: string | null;
	is_anonymous: Generated<number>;
	locale: string | null;
	created_at: string;
}

export interface SessionsTable {
	id: string;
	user_id: string;
	secret_hash: string;
	created_at: string;
	expires_at: string;
	revoked_at: string | null;
}

export interface CampusesTable {
	id: string;
	name: string;
	sort: number;
}

export type UnitsTable = { id: string; campus_id: string; type: string; sort: number } & Localized<
	'name' | 'summary' | 'body'
>;

export type LeadersTable = {
	id: string;
	campus_id: string;
	unit_id: string | null;
	name: string;
	email: string | null;
	sort: number;
} & Localized<'role'>;

export type EventsTable = {
	id: string;
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
} & Localized<'title' | 'summary' | 'body'>;

export type NewsTable = {
	id: string;
	unit_id: string | null;
	published_at: string;
	image: string | null;
} & Localized<'title' | 'summary' | 'body'>;

export type JobsTable = {
	id: string;
	slug: string;
	unit_id: string | null;
	deadline: string;
	apply_url: string;
} & Localized<'title' | 'summary' | 'body'>;

export type PagesTable = { slug: string } & Localized<'title' | 'summary' | 'body'>;

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
} & Localized<'name' | 'description'>;

/** Status: `active` or `completed`. */
export type ProjectsTable = {
	id: string;
	slug: string;
	unit_id: string | null;
	status: string;
	started_at: string;
	image: string | null;
	sort: number;
} & Localized<'title' | 'summary' | 'body'>;

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
}

export interface AppMetaTable {
	key: string;
	value: string;
}

export interface Database {
	users: UsersTable;
	sessions: SessionsTable;
	campuses: CampusesTable;
	units: UnitsTable;
	leaders: LeadersTable;
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
	contact_messages: ContactMessagesTable;
}
