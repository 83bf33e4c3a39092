// Orders as the payment flow sees them: lookups by identity, and the forward-only status rule that
// turns a provider's payment state into an order status.
import type { PaymentState } from '$lib/schemas/payments';
import type { OrderStatus } from '$lib/shop/statuses';
import { currentUser, type AdminContext, type Context } from '../context';
import type { OutboxEntry } from '../mail';

export interface Order {
	id: string;
	userId: string;
	/** One of $lib/shop/statuses.ts; the tables below say which way an order may move. */
	status: OrderStatus;
	/** The provider the order was paid through (its session lives there). */
	provider: string;
	providerSessionId: string | null;
	cartId: string | null;
	totalOre: number;
	createdAt: string;
	/** When the status last changed (or a refund was last attempted). */
	updatedAt: string;
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
	from: OrderStatus;
	to: OrderStatus;
	actor: string;
	at: string;
	/**
	 * The cart whose reservations end with this change: released when the order is cancelled or
	 * fails, converted into sold lines when it is authorized (sold lines count from then on).
	 */
	releaseCartId: string | null;
	/** A message that must follow this change: written to the outbox in the same transaction. */
	mail?: OutboxEntry;
	/** Kept with the change's order_events row (why, what the provider said). */
	note?: string;
	/**
	 * A change a person asked for (an admin's cancel or refund) is also audited, in the same
	 * transaction: who, the action, and the status before and after.
	 */
	audit?: { actor: string; action: string };
}

export interface OrderStore {
	findOrder(id: string): Promise<Order | null>;
	findOrderOfUser(id: string, userId: string): Promise<Order | null>;
	findOrderBySessionId(sessionId: string): Promise<Order | null>;
	orderDetail(id: string): Promise<OrderDetail | null>;
	/** Orders in `status` last changed before `before`, oldest first (the reconciliation's work). */
	ordersInStatus(status: OrderStatus, before: string, limit: number): Promise<Order[]>;
	/**
	 * Applies the change only while the order still has status `from`, with its order_events row,
	 * the end of its reservations and, on paid, its memberships, all in one transaction. False
	 * when another writer won.
	 */
	changeStatus(change: StatusChange): Promise<boolean>;
	/**
	 * Takes over an order left in `status` since before `before` (a refund that did not finish):
	 * moves its updated_at to `at` while it still is as it was; of concurrent callers exactly one
	 * gets true.
	 */
	claimStale(orderId: string, status: OrderStatus, before: string, at: string): Promise<boolean>;
	/**
	 * Gives a pending order without a session the provider's session that will pay it; false when
	 * it has one already or is no longer pending (another start, a cancellation, won).
	 */
	attachSession(orderId: string, provider: string, sessionId: string, at: string): Promise<boolean>;
}

/** The order status a payment state asks for; CREATED asks for none. */
const TARGET: Record<PaymentState, OrderStatus | null> = {
	CREATED: null,
	AUTHORIZED: 'authorized',
	ABORTED: 'cancelled',
	TERMINATED: 'cancelled',
	EXPIRED: 'failed'
};

/** Forward only: every status not listed here (paid, cancelled, failed, …) is final. */
const ALLOWED: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
	pending: ['authorized', 'cancelled', 'failed'],
	authorized: ['paid']
};

/**
 * The status an order moves to when the provider reports `state`, or null when the report changes
 * nothing (CREATED, a duplicate, or a state that arrives after the order moved on).
 */
export function nextStatus(current: OrderStatus, state: PaymentState): OrderStatus | null {
	const target = TARGET[state];
	return target && ALLOWED[current]?.includes(target) ? target : null;
}

// Leaving pending ends the order's reservations: released, or (authorized) turned into sold lines.
const ENDS_RESERVATIONS = new Set<OrderStatus>(['authorized', 'cancelled', 'failed']);

/**
 * The moves a person may make (an admin, through the payment provider), forward only like the
 * provider's: an order not yet paid is cancelled, a paid one refunded in two steps — `refunding`
 * while the provider gives the money back (its lines still hold their stock), then `refunded`
 * (the stock is free again and its memberships end). Cancelled, failed and refunded are final.
 */
const ADMIN_MOVES: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
	pending: ['cancelled'],
	authorized: ['cancelled'],
	paid: ['refunding'],
	refunding: ['refunded']
};

/** Whether an admin may move an order from `from` to `to`. */
export function isAdminMove(from: OrderStatus, to: OrderStatus): boolean {
	return ADMIN_MOVES[from]?.includes(to) ?? false;
}

export interface ApplyResult {
	status: OrderStatus;
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

		/** Any order by id: for the payment flows and the admin's, never for a buyer's page. */
		find(_ctx: Context, orderId: string): Promise<Order | null> {
			return store.findOrder(orderId);
		},

		async getStatus(_ctx: Context, orderId: string): Promise<string | null> {
			return (await store.findOrder(orderId))?.status ?? null;
		},

		detail(_ctx: Context, orderId: string): Promise<OrderDetail | null> {
			return store.orderDetail(orderId);
		},

		stale(_ctx: AdminContext, status: OrderStatus, before: Date, limit = 100): Promise<Order[]> {
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
		 * A move an admin asked for (isAdminMove), guarded like every other: true only for the one
		 * caller that made it. Cancelling releases what the order still holds in reservations.
		 */
		moveByAdmin(
			_ctx: Context,
			order: Order,
			to: OrderStatus,
			by: { actor: string; auditActor: string; action: string },
			options: { mail?: OutboxEntry; note?: string } = {},
			now = new Date()
		): Promise<boolean> {
			if (!isAdminMove(order.status, to)) {
				throw new Error(`order ${order.id} cannot move from ${order.status} to ${to}`);
			}
			return store.changeStatus({
				orderId: order.id,
				from: order.status,
				to,
				actor: by.actor,
				at: now.toISOString(),
				releaseCartId: to === 'cancelled' ? order.cartId : null,
				mail: options.mail,
				note: options.note,
				audit: { actor: by.auditActor, action: by.action }
			});
		},

		/** The session that pays an order placed without a checkout (payments' payOrder). */
		attachSession(
			_ctx: Context,
			orderId: string,
			provider: string,
			sessionId: string,
			now = new Date()
		) {
			return store.attachSession(orderId, provider, sessionId, now.toISOString());
		},

		/** Takes over a refund nobody finished since `before` (see OrderStore.claimStale). */
		claimStaleRefund(_ctx: Context, orderId: string, before: Date, now = new Date()) {
			return store.claimStale(orderId, 'refunding', before.toISOString(), now.toISOString());
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
