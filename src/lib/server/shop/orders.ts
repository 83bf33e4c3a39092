// Orders as the payment flow sees them: lookups by identity, and the forward-only status rule that
// turns a provider's payment state into an order status.
import type { PaymentState } from '$lib/schemas/payments';
import { currentUser, type AdminContext, type Context } from '../context';
import type { OutboxEntry } from '../mail';

export interface Order {
	id: string;
	userId: string;
	/** pending, authorized, paid, cancelled or failed; other values may exist and are left alone. */
	status: string;
	providerSessionId: string | null;
	cartId: string | null;
	totalOre: number;
	createdAt: string;
}

export interface OrderLine {
	productId: string;
	name: string;
	unitPriceOre: number;
	quantity: number;
	lineTotalOre: number;
}

/** An order as its owner and the receipt see it. */
export interface OrderDetail extends Order {
	buyer: { name: string; email: string; phone: string };
	locale: string | null;
	lines: OrderLine[];
	events: { from: string | null; to: string; at: string }[];
}

export interface StatusChange {
	orderId: string;
	from: string;
	to: string;
	actor: string;
	at: string;
	/**
	 * The cart whose reservations end with this change: released when the order is cancelled or
	 * fails, converted into sold lines when it is authorized (sold lines count from then on).
	 */
	releaseCartId: string | null;
	/** A message that must follow this change: written to the outbox in the same transaction. */
	mail?: OutboxEntry;
}

export interface OrderStore {
	findOrder(id: string): Promise<Order | null>;
	findOrderOfUser(id: string, userId: string): Promise<Order | null>;
	findOrderBySessionId(sessionId: string): Promise<Order | null>;
	orderDetail(id: string): Promise<OrderDetail | null>;
	/** Orders in `status` last changed before `before`, oldest first (the reconciliation's work). */
	ordersInStatus(status: string, before: string, limit: number): Promise<Order[]>;
	/**
	 * Applies the change only while the order still has status `from`, with its order_events row,
	 * the end of its reservations and, on paid, its memberships, all in one transaction. False
	 * when another writer won.
	 */
	changeStatus(change: StatusChange): Promise<boolean>;
}

/** The order status a payment state asks for; CREATED asks for none. */
const TARGET: Record<PaymentState, string | null> = {
	CREATED: null,
	AUTHORIZED: 'authorized',
	ABORTED: 'cancelled',
	TERMINATED: 'cancelled',
	EXPIRED: 'failed'
};

/** Forward only: every status not listed here (paid, cancelled, failed, unknown ones) is final. */
const ALLOWED: Record<string, readonly string[]> = {
	pending: ['authorized', 'cancelled', 'failed'],
	authorized: ['paid']
};

/**
 * The status an order moves to when the provider reports `state`, or null when the report changes
 * nothing (CREATED, a duplicate, or a state that arrives after the order moved on).
 */
export function nextStatus(current: string, state: PaymentState): string | null {
	const target = TARGET[state];
	return target && ALLOWED[current]?.includes(target) ? target : null;
}

// Leaving pending ends the order's reservations: released, or (authorized) turned into sold lines.
const ENDS_RESERVATIONS = new Set(['authorized', 'cancelled', 'failed']);

export interface ApplyResult {
	status: string;
	changed: boolean;
}

export function ordersService(store: OrderStore) {
	return {
		/** The caller's own order; someone else's order, or no user at all, finds nothing. */
		async getForUser(ctx: Context, orderId: string): Promise<Order | null> {
			const user = currentUser(ctx);
			return user ? store.findOrderOfUser(orderId, user.id) : null;
		},

		async findBySessionId(_ctx: AdminContext, sessionId: string): Promise<Order | null> {
			return store.findOrderBySessionId(sessionId);
		},

		/** The caller's own order with lines and history; anyone else's is null, like a missing one. */
		async detailForUser(ctx: Context, orderId: string): Promise<OrderDetail | null> {
			const user = currentUser(ctx);
			if (!user) return null;
			const detail = await store.orderDetail(orderId);
			return detail?.userId === user.id ? detail : null;
		},

		async getStatus(_ctx: Context, orderId: string): Promise<string | null> {
			return (await store.findOrder(orderId))?.status ?? null;
		},

		detail(_ctx: Context, orderId: string): Promise<OrderDetail | null> {
			return store.orderDetail(orderId);
		},

		stale(_ctx: AdminContext, status: string, before: Date, limit = 100): Promise<Order[]> {
			return store.ordersInStatus(status, before.toISOString(), limit);
		},

		/**
		 * authorized → paid after the provider captured the money. True only for the one caller
		 * that made the change: the one that sends the confirmation.
		 */
		markPaid(
			_ctx: Context,
			orderId: string,
			actor: string,
			options: { mail?: OutboxEntry } = {},
			now = new Date()
		): Promise<boolean> {
			return store.changeStatus({
				orderId,
				from: 'authorized',
				to: 'paid',
				actor,
				at: now.toISOString(),
				releaseCartId: null,
				mail: options.mail
			});
		},

		/**
		 * Moves the order as far as `state` allows. Duplicates and late states are no-ops; of
		 * concurrent identical reports exactly one changes the order and writes its event.
		 */
		async applyPaymentState(
			_ctx: Context,
			orderId: string,
			state: PaymentState,
			actor: string,
			now = new Date()
		): Promise<ApplyResult> {
			const order = await store.findOrder(orderId);
			if (!order) throw new Error(`order ${orderId} not found`);
			const to = nextStatus(order.status, state);
			if (!to) return { status: order.status, changed: false };
			const changed = await store.changeStatus({
				orderId,
				from: order.status,
				to,
				actor,
				at: now.toISOString(),
				releaseCartId: ENDS_RESERVATIONS.has(to) ? order.cartId : null
			});
			if (changed) return { status: to, changed };
			// Another writer moved it first; report where it stands now.
			const latest = await store.findOrder(orderId);
			return { status: latest?.status ?? order.status, changed: false };
		}
	};
}

export type OrdersService = ReturnType<typeof ordersService>;
