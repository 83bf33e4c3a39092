// Rows for unit tests that need orders, products and expense claims in a real database; only what
// a test cares about varies.
import type { Insertable } from 'kysely';
import type {
	CartReservationsTable,
	ExpenseClaimsTable,
	ExpenseLinesTable,
	OrderLinesTable,
	OrdersTable,
	ProductsTable,
	TeamMembersTable,
	UsersTable
} from './schema';

/** A verified account `id` with the address `<id>@example.org` (ADMIN_EMAILS lists such). */
export function userRow(
	id: string,
	extra: Partial<Insertable<UsersTable>> = {}
): Insertable<UsersTable> {
	return {
		id,
		email: `${id}@example.org`,
		name: id,
		password_hash: null,
		locale: 'no',
		created_at: '2026-01-01T00:00:00.000Z',
		email_verified_at: '2026-01-01T00:00:00.000Z',
		...extra
	};
}

/** `userId` on `unitId`'s team in `role`, since `createdAt`. */
export function teamMemberRow(
	userId: string,
	unitId: string,
	role: string,
	createdAt = '2026-01-01T00:00:00.000Z'
): Insertable<TeamMembersTable> {
	return { user_id: userId, unit_id: unitId, role, created_at: createdAt };
}

export function orderRow(
	id: string,
	status: string,
	extra: Partial<Insertable<OrdersTable>> = {}
): Insertable<OrdersTable> {
	return {
		id,
		user_id: 'u1',
		status,
		provider: 'simulator',
		provider_session_id: null,
		cart_id: null,
		total_ore: 100,
		buyer_name: 'Buyer',
		buyer_email: 'buyer@example.org',
		buyer_phone: '12345678',
		created_at: '2026-11-23T12:00:00.000Z',
		updated_at: '2026-11-23T12:00:00.000Z',
		...extra
	};
}

/** An order's one line (`<orderId>-l`): `quantity` of a product at 1 kr each. */
export function orderLineRow(
	orderId: string,
	productId: string,
	quantity: number,
	extra: Partial<Insertable<OrderLinesTable>> = {}
): Insertable<OrderLinesTable> {
	return {
		id: `${orderId}-l`,
		order_id: orderId,
		product_id: productId,
		name: 'P',
		unit_price_ore: 100,
		quantity,
		...extra
	};
}

/** `quantity` of a product held for a cart from `held.from` until `held.until`. */
export function reservationRow(
	id: string,
	cartId: string,
	productId: string,
	quantity: number,
	held: { from: string; until: string }
): Insertable<CartReservationsTable> {
	return {
		id,
		cart_id: cartId,
		product_id: productId,
		quantity,
		created_at: held.from,
		expires_at: held.until
	};
}

export function productRow(
	id: string,
	extra: Partial<Insertable<ProductsTable>> = {}
): Insertable<ProductsTable> {
	return {
		id,
		slug: id,
		category: 'merch',
		price_ore: 100,
		featured: 0,
		active: 1,
		name_no: 'P',
		name_en: 'P',
		description_no: '',
		description_en: '',
		...extra
	};
}

/** A paid claim of u1's for the Oslo board, paid at `paidAt`. */
export function paidClaimRow(
	id: string,
	paidAt: string,
	extra: Partial<Insertable<ExpenseClaimsTable>> = {}
): Insertable<ExpenseClaimsTable> {
	return {
		id,
		claimant_id: 'u1',
		campus_id: 'oslo',
		unit_id: 'board-oslo',
		event_id: null,
		project_id: null,
		purpose: 'Posters',
		payout_account: 'v1:abcd1234:aXY:dGFn:Ym9keQ',
		account_erased_at: null,
		status: 'paid',
		advance_ore: 0,
		total_ore: 10_000,
		version: 4,
		created_at: paidAt,
		updated_at: paidAt,
		submitted_at: paidAt,
		decided_at: paidAt,
		decided_by: 'u2',
		paid_at: paidAt,
		payout_date: paidAt.slice(0, 10),
		rejection_reason: null,
		...extra
	};
}

/** A receipt line in NOK on `claimId` with the receipt file `fileId`. */
export function receiptLineRow(
	id: string,
	claimId: string,
	fileId: string,
	extra: Partial<Insertable<ExpenseLinesTable>> = {}
): Insertable<ExpenseLinesTable> {
	return {
		id,
		claim_id: claimId,
		position: 0,
		kind: 'receipt',
		date: '2020-05-01',
		description: 'Posters',
		merchant: 'Print shop',
		merchant_key: 'print shop',
		amount_ore: 10_000,
		currency: null,
		original_hundredths: null,
		distance_m: null,
		rate_ore_per_km: null,
		from_place: null,
		to_place: null,
		file_id: fileId,
		...extra
	};
}
