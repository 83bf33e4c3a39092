import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import type { Order, OrderStore } from './orders';

const COLUMNS = ['id', 'user_id', 'status', 'provider_session_id', 'cart_id'] as const;

type Row = {
	id: string;
	user_id: string;
	status: string;
	provider_session_id: string | null;
	cart_id: string | null;
};

const toOrder = (row: Row | undefined): Order | null =>
	row
		? {
				id: row.id,
				userId: row.user_id,
				status: row.status,
				providerSessionId: row.provider_session_id,
				cartId: row.cart_id
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

		async changeStatus({ orderId, from, to, actor, at, releaseCartId }) {
			return db.transaction().execute(async (trx) => {
				const updated = await trx
					.updateTable('orders')
					.set({ status: to, updated_at: at })
					.where('id', '=', orderId)
					.where('status', '=', from)
					.executeTakeFirst();
				if (Number(updated.numUpdatedRows) !== 1) return false;
				await trx
					.insertInto('order_events')
					.values({
						id: randomUUID(),
						order_id: orderId,
						from_status: from,
						to_status: to,
						actor,
						at,
						note: null
					})
					.execute();
				if (releaseCartId) {
					await trx.deleteFrom('cart_reservations').where('cart_id', '=', releaseCartId).execute();
				}
				return true;
			});
		}
	};
}
