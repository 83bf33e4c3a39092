import { randomUUID } from 'node:crypto';
import { recordChange } from '../audit';
import type { Db } from '../db';
import { recordMail } from '../mail';
import { grantMemberships, revokeMemberships } from './membership';
import type { OrderStatus } from '$lib/shop/statuses';
import type { Order, OrderStore, StatusChange } from './orders';

const COLUMNS = [
	'id',
	'user_id',
	'status',
	'provider',
	'provider_session_id',
	'cart_id',
	'total_ore',
	'created_at',
	'updated_at'
] as const;

type Row = {
	id: string;
	user_id: string;
	status: string;
	provider: string;
	provider_session_id: string | null;
	cart_id: string | null;
	total_ore: number;
	created_at: string;
	updated_at: string;
};

const toOrder = (row: Row | undefined): Order | null =>
	row
		? {
				id: row.id,
				userId: row.user_id,
				// Stored as text: a status the list does not name (another version's) is left alone.
				status: row.status as OrderStatus,
				provider: row.provider,
				providerSessionId: row.provider_session_id,
				cartId: row.cart_id,
				totalOre: row.total_ore,
				createdAt: row.created_at,
				updatedAt: row.updated_at
			}
		: null;

export function sqlOrderStore(db: Db): OrderStore {
	return {
		async findOrder(id) {
			return toOrder(
				await db.selectFrom('orders').select(COLUMNS).where('id', '=', id).executeTakeFirst()
			);
		},

		async findOrderOfUser(id, userId) {
			return toOrder(
				await db
					.selectFrom('orders')
					.select(COLUMNS)
					.where('id', '=', id)
					.where('user_id', '=', userId)
					.executeTakeFirst()
			);
		},

		async findOrderBySessionId(sessionId) {
			return toOrder(
				await db
					.selectFrom('orders')
					.select(COLUMNS)
					.where('provider_session_id', '=', sessionId)
					.executeTakeFirst()
			);
		},

		async orderDetail(id) {
			const row = await db
				.selectFrom('orders')
				.select([...COLUMNS, 'buyer_name', 'buyer_email', 'buyer_phone', 'locale'])
				.where('id', '=', id)
				.executeTakeFirst();
			if (!row) return null;
			const lines = await db
				.selectFrom('order_lines')
				.select(['product_id', 'name', 'unit_price_ore', 'quantity'])
				.where('order_id', '=', id)
				.orderBy('name')
				.execute();
			const events = inTransitionOrder(
				await db
					.selectFrom('order_events')
					.select(['from_status', 'to_status', 'at'])
					.where('order_id', '=', id)
					.orderBy('at')
					.execute()
			);
			return {
				...toOrder(row)!,
				buyer: { name: row.buyer_name, email: row.buyer_email, phone: row.buyer_phone },
				locale: row.locale,
				lines: lines.map((l) => ({
					productId: l.product_id,
					name: l.name,
					unitPriceOre: l.unit_price_ore,
					quantity: l.quantity,
					lineTotalOre: l.unit_price_ore * l.quantity
				})),
				events: events.map((e) => ({ from: e.from_status, to: e.to_status, at: e.at }))
			};
		},

		async ordersInStatus(status, before, limit) {
			const rows = await db
				.selectFrom('orders')
				.select(COLUMNS)
				.where('status', '=', status)
				.where('updated_at', '<', before)
				.orderBy('updated_at')
				.limit(limit)
				.execute();
			return rows.map((r) => toOrder(r)!);
		},

		changeStatus(change) {
			return db.transaction().execute((trx) => applyStatusChange(trx, change));
		},

		async attachSession(orderId, provider, sessionId, at) {
			const result = await db
				.updateTable('orders')
				.set({ provider, provider_session_id: sessionId, updated_at: at })
				.where('id', '=', orderId)
				.where('status', '=', 'pending')
				.where('provider_session_id', 'is', null)
				.executeTakeFirst();
			return Number(result.numUpdatedRows) === 1;
		},

		async claimStale(orderId, status, before, at) {
			const result = await db
				.updateTable('orders')
				.set({ updated_at: at })
				.where('id', '=', orderId)
				.where('status', '=', status)
				.where('updated_at', '<', before)
				.executeTakeFirst();
			return Number(result.numUpdatedRows) === 1;
		}
	};
}

/** An order's history row: its move from `from` (null: placed) to `to`, by whom, when and why. */
export async function recordOrderEvent(
	db: Db,
	e: { orderId: string; from: string | null; to: string; actor: string; at: string; note?: string }
): Promise<void> {
	await db
		.insertInto('order_events')
		.values({
			id: randomUUID(),
			order_id: e.orderId,
			from_status: e.from,
			to_status: e.to,
			actor: e.actor,
			at: e.at,
			note: e.note ?? null
		})
		.execute();
}

/**
 * A guarded status change inside the caller's transaction: the order moves only while it still has
 * status `from`, with its order_events row, the end of its reservations, its memberships, mail and
 * audit entry. The store's changeStatus runs it in a transaction of its own; another domain that
 * must end an order together with its own rows (an unpaid seat, registration/) runs it in theirs.
 */
export async function applyStatusChange(
	trx: Db,
	{ orderId, from, to, actor, at, releaseCartId, mail, note, audit }: StatusChange
): Promise<boolean> {
	const updated = await trx
		.updateTable('orders')
		.set({ status: to, updated_at: at })
		.where('id', '=', orderId)
		.where('status', '=', from)
		.executeTakeFirst();
	if (Number(updated.numUpdatedRows) !== 1) return false;
	await recordOrderEvent(trx, { orderId, from, to, actor, at, note });
	if (releaseCartId) {
		await trx.deleteFrom('cart_reservations').where('cart_id', '=', releaseCartId).execute();
	}
	if (to === 'paid') await grantMemberships(trx, orderId, new Date(at));
	// A membership paid for and given back is not held any more.
	const revoked = to === 'refunded' ? await revokeMemberships(trx, orderId) : 0;
	if (mail) await recordMail(trx, mail.message, new Date(at), mail.id);
	if (audit) {
		await recordChange(trx, {
			actor: audit.actor,
			subjectType: 'order',
			subjectId: orderId,
			action: audit.action,
			at: new Date(at),
			before: { status: from },
			after: { status: to, ...(note ? { note } : {}), ...(revoked ? { revoked } : {}) }
		});
	}
	return true;
}

/**
 * An order's events in the order its status moved. Sorting by time alone leaves two events of one
 * millisecond (authorized, then paid at once) in whatever order the engine returns them, which on
 * PostgreSQL is not the order they were written: each event starts where the one before ended.
 */
export function inTransitionOrder<E extends { from_status: string | null; to_status: string }>(
	byTime: E[]
): E[] {
	const left = [...byTime];
	const ordered: E[] = [];
	let status: string | null = null;
	while (left.length > 0) {
		const next = left.findIndex((e) => e.from_status === status);
		const [event] = left.splice(next === -1 ? 0 : next, 1);
		ordered.push(event!);
		status = event!.to_status;
	}
	return ordered;
}
