// What in the shop needs an admin's eye, for the dashboard: orders stuck on the way (waiting for a
// payment for more than 30 minutes, left authorized by a failed capture, a refund not finished),
// orders whose payment failed in the last week, and products on sale with few or none left.
// A read model: it changes nothing.
import { LOW_STOCK } from '../content/queries';
import type { Db } from '../db';
import { atMostLeft, stockColumns, stockOf } from './availability';

export const STUCK_AFTER_MS = 30 * 60_000;
export const FAILED_WITHIN_MS = 7 * 86_400_000;
const LIMIT = 10;

export interface AttentionOrder {
	id: string;
	status: string;
	buyerName: string;
	totalOre: number;
	createdAt: string;
	updatedAt: string;
}

export interface LowStockProduct {
	id: string;
	nameNo: string;
	nameEn: string;
	available: number;
	/** None left, but some held in carts until then (the first hold's end): they may come back. */
	heldUntil: string | null;
}

export interface ShopAttention {
	waiting: AttentionOrder[];
	failed: AttentionOrder[];
	lowStock: LowStockProduct[];
}

const ORDER_COLUMNS = [
	'id',
	'status',
	'buyer_name',
	'total_ore',
	'created_at',
	'updated_at'
] as const;

const toOrder = (r: {
	id: string;
	status: string;
	buyer_name: string;
	total_ore: number;
	created_at: string;
	updated_at: string;
}): AttentionOrder => ({
	id: r.id,
	status: r.status,
	buyerName: r.buyer_name,
	totalOre: r.total_ore,
	createdAt: r.created_at,
	updatedAt: r.updated_at
});

export async function shopAttention(db: Db, now = new Date()): Promise<ShopAttention> {
	const at = now.toISOString();
	const [waiting, failed, low] = await Promise.all([
		db
			.selectFrom('orders')
			.select(ORDER_COLUMNS)
			.where('status', 'in', ['pending', 'authorized', 'refunding'])
			.where('updated_at', '<', new Date(now.getTime() - STUCK_AFTER_MS).toISOString())
			.orderBy('updated_at')
			.limit(LIMIT)
			.execute(),
		db
			.selectFrom('orders')
			.select(ORDER_COLUMNS)
			.where('status', '=', 'failed')
			.where('updated_at', '>=', new Date(now.getTime() - FAILED_WITHIN_MS).toISOString())
			.orderBy('updated_at', 'desc')
			.limit(LIMIT)
			.execute(),
		db
			.selectFrom('products')
			.select((eb) => [
				'products.id',
				'products.name_no',
				'products.name_en',
				'products.stock',
				...stockColumns(eb, at)
			])
			.where('products.active', '=', 1)
			.where((eb) => atMostLeft(eb, at, LOW_STOCK))
			.orderBy('products.name_no')
			.limit(LIMIT)
			.execute()
	]);
	return {
		waiting: waiting.map(toOrder),
		failed: failed.map(toOrder),
		lowStock: low.map((p) => {
			const { available, heldUntil } = stockOf(p);
			return {
				id: p.id,
				nameNo: p.name_no,
				nameEn: p.name_en,
				available: available ?? 0,
				heldUntil
			};
		})
	};
}
