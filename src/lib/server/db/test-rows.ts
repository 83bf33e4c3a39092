// Rows for unit tests that need orders and products in a real database; only what a test cares
// about varies.
import type { Insertable } from 'kysely';
import type { OrdersTable, ProductsTable } from './schema';

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
