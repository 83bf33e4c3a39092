// What the shop sells and keeps: products, reservations, orders, payments and memberships.
import type { Generated } from 'kysely';
import type { Localized, Versioned, WithImage } from './columns';

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
