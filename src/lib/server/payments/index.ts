// Payment flows over the provider port: the provider's callback, the buyer's return (which settles
// a still-pending order itself in case the callback has not arrived yet), and the reconciliation
// of orders whose callback never came. One path for all three: ask the provider for the state,
// move the order forward, and when this caller authorized it, capture and mark it paid.
// Also what an admin asks of the provider (the roles check is the caller's, shop/orders-admin.ts):
// cancel an order not yet paid, refund a paid one; reconciliation finishes refunds left halfway.
import { randomUUID } from 'node:crypto';
import type { CallbackResult } from '$lib/schemas/payments';
import { ConfigError, type Config } from '../config';
import { currentUser, type AdminContext, type Context } from '../context';
import type { Db } from '../db';
import { storageUnavailable } from '../db/errors';
import { errorFields, log } from '../log';
import type { MailMessage, Mailer, OutboxEntry } from '../mail';
import { MailMessageSchema } from '../mail/types';
import { confirmationMail } from '../shop/confirmation';
import { orderCancelledMail, orderRefundedMail } from '../shop/order-mail';
import type { Order, OrderDetail, OrdersService } from '../shop/orders';
import { simulatorProvider, type SimulatorProvider } from './simulator';
import type { PaymentProvider } from './types';
import { vippsProvider } from './vipps';

export type * from './types';

/** The alias every provider's callback route also answers to. */
export const PROVIDER_ALIAS = 'psp';

/** A pending order untouched this long is asked about (its callback may be lost). */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** A payment still open this long is cancelled, before the order's reservations run out. */
export const ABANDON_AFTER_MS = 25 * 60_000;
/**
 * A refund started this long ago and not finished may be taken over (by a second click or by
 * reconciliation): longer than the Vipps adapter's three attempts of 10 s, so a refund still on
 * its way to the provider is never sent a second time alongside itself.
 */
export const REFUND_RETRY_AFTER_MS = 60_000;

/** Who asked for an admin's change to an order: order_events names `actor`, the audit log `userId`. */
export interface OrderActor {
	actor: string;
	userId: string;
}

export type OrderActionRefusal =
	/** No such order. */
	| 'not_found'
	/** It already is where the action would take it (cancelled, refunded). */
	| 'already'
	/** Not from its status: a paid order is refunded, not cancelled; a cancelled one has nothing to refund. */
	| 'not_allowed'
	/** Another refund of it is on its way to the provider. */
	| 'in_progress'
	/** Paid through another provider than the configured one. */
	| 'other_provider'
	/** The provider refused or did not answer; nothing changed (a refund stays to be finished). */
	| 'provider_failed';

/** Why an order placed without a checkout cannot be paid now. */
export type PayOrderRefusal =
	/** Not the caller's order, or no such order. */
	| 'not_found'
	/** Paid, cancelled, or its payment already started. */
	| 'not_payable'
	/** The provider did not start a payment; nothing changed, it can be tried again. */
	| 'payment_unavailable';

export type PayOrderResult =
	{ ok: true; redirectUrl: string } | { ok: false; reason: PayOrderRefusal };

export type OrderActionResult =
	{ ok: true; status: string } | { ok: false; reason: OrderActionRefusal; status: string | null };

/** Payment states in which a session can no longer be paid. */
const ENDED_STATES = new Set(['ABORTED', 'TERMINATED', 'EXPIRED']);

export interface ConfiguredProvider {
	provider: PaymentProvider;
	/** The simulator's hosted-page controls; null when the simulator is not in use or is off. */
	simulator: SimulatorProvider | null;
	/** Whether checkout may start payments (the simulator is off in production unless enabled). */
	canCheckout: boolean;
}

export function providerFromConfig(config: Config, db: Db): ConfiguredProvider {
	if (config.PAYMENT_PROVIDER === 'vipps') {
		if (!config.vipps) throw new ConfigError('PAYMENT_PROVIDER: vipps needs its variables');
		return {
			provider: vippsProvider({ ...config.vipps, callbackToken: config.PAYMENT_CALLBACK_TOKEN }),
			simulator: null,
			canCheckout: true
		};
	}
	const simulator = simulatorProvider(db, { callbackToken: config.PAYMENT_CALLBACK_TOKEN });
	const enabled = config.simulatorEnabled;
	return { provider: simulator, simulator: enabled ? simulator : null, canCheckout: enabled };
}

/** Where the buyer lands after the provider, by order status (unlocalized). */
export function returnPath(order: { id: string; status: string } | null): string {
	if (!order) return '/shop?error=order_not_found';
	switch (order.status) {
		case 'paid':
		case 'authorized':
			return `/shop/order/${encodeURIComponent(order.id)}?success=true`;
		case 'cancelled':
			return '/shop/cart?cancelled=true';
		case 'failed':
			return '/shop/cart?error=payment_failed';
		default:
			return `/shop/order/${encodeURIComponent(order.id)}`;
	}
}

export interface ReconcileReport {
	checked: number;
	changed: number;
	captured: number;
	cancelled: number;
	refunded: number;
}

export interface PaymentsOptions {
	/** The ticket page's address of the seat an order pays for, for its confirmation; null for a shop order. */
	ticketLink?: (orderId: string, locale: string | null) => Promise<string | null>;
}

export function paymentsService(
	provider: PaymentProvider,
	orders: OrdersService,
	mail: Mailer,
	options: PaymentsOptions = {}
) {
	const refOf = (order: Order) => ({ sessionId: order.providerSessionId!, orderId: order.id });

	/** Capture, then authorized → paid; the one caller that marks it paid sends the e-mail. */
	async function completePayment(ctx: Context, order: Order, actor: string): Promise<string> {
		try {
			await provider.capture(refOf(order), order.totalOre);
		} catch (error) {
			// Left authorized: the stock is sold, and reconciliation retries the capture.
			log.error('capture failed', { orderId: order.id, ...errorFields(error) });
			return 'authorized';
		}
		const confirmation = await mailFor(ctx, order.id);
		if (await orders.markPaid(ctx, order.id, actor, { mail: confirmation })) {
			if (confirmation) await deliverMail(order.id, confirmation.id);
			return 'paid';
		}
		return (await orders.getStatus(ctx, order.id)) ?? 'authorized';
	}

	// The confirmation is recorded in the transaction that marks the order paid, so a crash
	// after the commit cannot lose it; a message that would not validate must not block the
	// payment, so it is checked here and left out with a log line instead. The same holds for the
	// messages of a cancel or a refund.
	async function mailFor(
		ctx: Context,
		orderId: string,
		write: (detail: OrderDetail, ticket: string | null) => MailMessage = confirmationMail
	): Promise<OutboxEntry | undefined> {
		const detail = await orders.detail(ctx, orderId);
		if (!detail) return undefined;
		const ticket = (await options.ticketLink?.(orderId, detail.locale)) ?? null;
		const message = write(detail, ticket);
		if (!MailMessageSchema.safeParse(message).success) {
			log.error('order mail not written: invalid message', { orderId, kind: message.kind });
			return undefined;
		}
		return { id: randomUUID(), message };
	}

	async function deliverMail(orderId: string, mailId: string) {
		try {
			await mail.deliver(mailId);
		} catch (error) {
			// The order has moved and the message is in the outbox; the log line is the follow-up.
			log.error('order mail not delivered', { orderId, ...errorFields(error) });
		}
	}

	/**
	 * Second half of a refund, by whoever holds it (the admin who started it, a later click, or
	 * reconciliation): the provider gives the money back, then refunding → refunded with its
	 * e-mail. The provider's refund is idempotent per order, so a retry after a crash between the
	 * two is the same refund.
	 */
	async function finishRefund(
		ctx: Context,
		order: Order,
		by: OrderActor,
		now: Date
	): Promise<OrderActionResult> {
		const refunding = { ...order, status: 'refunding' as const };
		try {
			await provider.refund(refOf(refunding), order.totalOre);
		} catch (error) {
			log.error('refund failed', { orderId: order.id, ...errorFields(error) });
			return { ok: false, reason: 'provider_failed', status: 'refunding' };
		}
		const message = await mailFor(ctx, order.id, orderRefundedMail);
		const moved = await orders.moveByAdmin(
			ctx,
			refunding,
			'refunded',
			{ ...byOf(by), action: 'refunded' },
			{ mail: message },
			now
		);
		if (moved && message) await deliverMail(order.id, message.id);
		return { ok: true, status: 'refunded' };
	}

	const byOf = (by: OrderActor) => ({ actor: by.actor, auditActor: by.userId });

	/**
	 * The order an admin's action may start from: one in a status of `from`, paid through this
	 * provider; otherwise why not (missing, already `done`, the wrong status, another provider).
	 */
	async function orderFor(
		ctx: Context,
		orderId: string,
		done: string,
		from: string[]
	): Promise<Order | Extract<OrderActionResult, { ok: false }>> {
		const order = await orders.find(ctx, orderId);
		if (!order) return { ok: false, reason: 'not_found', status: null };
		if (order.status === done) return { ok: false, reason: 'already', status: order.status };
		if (!from.includes(order.status)) {
			return { ok: false, reason: 'not_allowed', status: order.status };
		}
		if (order.provider !== provider.name) {
			return { ok: false, reason: 'other_provider', status: order.status };
		}
		return order;
	}

	/** Why an order that moved under us cannot take the action now. */
	async function refusalAfterRace(
		ctx: Context,
		orderId: string,
		done: string
	): Promise<OrderActionResult> {
		const status = await orders.getStatus(ctx, orderId);
		if (status === done) return { ok: false, reason: 'already', status };
		if (status === 'refunding') return { ok: false, reason: 'in_progress', status };
		return { ok: false, reason: 'not_allowed', status };
	}

	/** Asks the provider and moves the order as far as that allows. */
	async function settle(ctx: Context, order: Order, actor: string) {
		const session = await provider.getSession(refOf(order));
		if (!session) return null;
		const result = await orders.applyPaymentState(ctx, order.id, session.state, actor);
		if (result.changed && result.status === 'authorized') {
			return { status: await completePayment(ctx, order, actor), changed: true };
		}
		// Money reserved for an order that was cancelled first (an event's seat whose deadline
		// passed): it is never captured, and the provider is told to release it.
		if (session.state === 'AUTHORIZED' && result.status === 'cancelled') {
			await provider.cancel(refOf(order)).catch((error: unknown) => {
				log.warn('authorization of a cancelled order not released', {
					orderId: order.id,
					...errorFields(error)
				});
			});
		}
		return result;
	}

	return {
		provider,

		/**
		 * Cancels an order not yet paid (pending, or authorized after a failed capture) at the
		 * provider and here: its reservations are released, or its held stock freed, exactly once
		 * however often it is asked; the buyer gets an e-mail.
		 */
		async cancelOrder(
			ctx: Context,
			orderId: string,
			by: OrderActor,
			now = new Date()
		): Promise<OrderActionResult> {
			const order = await orderFor(ctx, orderId, 'cancelled', ['pending', 'authorized']);
			if ('ok' in order) return order;
			if (order.providerSessionId) {
				try {
					await provider.cancel(refOf(order));
				} catch (error) {
					// Refused because the session had already ended (the buyer gave up, a second
					// click cancelled it): the order is cancelled all the same. Anything else stops.
					const session = await provider.getSession(refOf(order)).catch(() => null);
					if (!session || !ENDED_STATES.has(session.state)) {
						log.warn('cancel refused by the provider', { orderId, ...errorFields(error) });
						return { ok: false, reason: 'provider_failed', status: order.status };
					}
				}
			}
			const message = await mailFor(ctx, orderId, orderCancelledMail);
			const moved = await orders.moveByAdmin(
				ctx,
				order,
				'cancelled',
				{ ...byOf(by), action: 'cancelled' },
				{ mail: message },
				now
			);
			if (!moved) return refusalAfterRace(ctx, orderId, 'cancelled');
			if (message) await deliverMail(orderId, message.id);
			return { ok: true, status: 'cancelled' };
		},

		/**
		 * Refunds a paid order in full through the provider. Of simultaneous requests one takes the
		 * order (paid → refunding) and asks the provider once; the others are told it is under way.
		 * A refund the provider did not confirm stays `refunding` and is finished by a later
		 * request (after REFUND_RETRY_AFTER_MS) or by reconciliation.
		 */
		async refundOrder(
			ctx: Context,
			orderId: string,
			by: OrderActor,
			now = new Date()
		): Promise<OrderActionResult> {
			const order = await orderFor(ctx, orderId, 'refunded', ['paid', 'refunding']);
			if ('ok' in order) return order;
			if (!order.providerSessionId) {
				return { ok: false, reason: 'other_provider', status: order.status };
			}
			if (order.status === 'paid') {
				const started = await orders.moveByAdmin(
					ctx,
					order,
					'refunding',
					{ ...byOf(by), action: 'refund_started' },
					{},
					now
				);
				if (!started) return refusalAfterRace(ctx, orderId, 'refunded');
			} else {
				const before = new Date(now.getTime() - REFUND_RETRY_AFTER_MS);
				if (!(await orders.claimStaleRefund(ctx, orderId, before, now))) {
					return { ok: false, reason: 'in_progress', status: order.status };
				}
			}
			return finishRefund(ctx, order, by, now);
		},

		/**
		 * Starts the payment of the caller's own order placed without a checkout (an event's seat,
		 * shop/direct-orders.ts): a pending order without a session gets one, through this
		 * provider, and the buyer is sent to it. From there on it is any order's payment: the
		 * callback, the return and the reconciliation move it. Of two starts at once one wins.
		 */
		async payOrder(ctx: Context, orderId: string, origin: string): Promise<PayOrderResult> {
			const detail = await orders.detailForUser(ctx, orderId);
			if (!detail) return { ok: false, reason: 'not_found' };
			if (detail.status !== 'pending' || detail.providerSessionId) {
				return { ok: false, reason: 'not_payable' };
			}
			let session;
			try {
				session = await provider.createSession({
					id: orderId,
					totalOre: detail.totalOre,
					description: detail.lines.map((l) => `${l.quantity} × ${l.name}`).join(', '),
					returnUrl: `${origin}/api/checkout/return?orderId=${encodeURIComponent(orderId)}`,
					callbackUrl: `${origin}/api/payment/${provider.name}/callback`,
					buyer: detail.buyer
				});
			} catch (error) {
				if (storageUnavailable(error)) throw error;
				log.error('payment session could not be created', { orderId, ...errorFields(error) });
				return { ok: false, reason: 'payment_unavailable' };
			}
			if (!(await orders.attachSession(ctx, orderId, provider.name, session.sessionId))) {
				await provider.cancel({ sessionId: session.sessionId, orderId }).catch(() => undefined);
				return { ok: false, reason: 'not_payable' };
			}
			return { ok: true, redirectUrl: session.redirectUrl };
		},

		/** Whether the callback route answers to this path segment. */
		handlesProvider(name: string): boolean {
			return name === provider.name || name === PROVIDER_ALIAS;
		},

		/** The state always comes from the provider, never from the callback body. */
		async handleCallback(
			ctx: AdminContext,
			input: { token: string; sessionId: string }
		): Promise<CallbackResult> {
			if (!provider.verifyCallback(input.token)) return { success: false, message: 'Unauthorized' };
			const order = await orders.findBySessionId(ctx, input.sessionId);
			const result = order && (await settle(ctx, order, ctx.actor));
			if (!order || !result) return { success: false, message: 'Unknown session' };
			return {
				success: true,
				message: result.changed ? 'Order updated' : 'No change',
				orderId: order.id,
				status: result.status
			};
		},

		/** The unlocalized page the returning buyer is sent to. */
		async checkoutReturn(ctx: Context, orderId: string): Promise<string> {
			const order = await orders.getForUser(ctx, orderId);
			const user = currentUser(ctx);
			if (!order || !user) return returnPath(null);
			if (order.status !== 'pending' || !order.providerSessionId) return returnPath(order);
			const result = await settle(ctx, order, `return:${user.id}`);
			return returnPath({ id: order.id, status: result?.status ?? order.status });
		},

		/**
		 * Settles what the callbacks left open: pending orders are asked about (and cancelled
		 * when their payment stayed open too long), authorized ones captured. Every step is a
		 * guarded transition, so two runs at once change each order once.
		 */
		async reconcile(ctx: AdminContext, now = new Date()): Promise<ReconcileReport> {
			const report: ReconcileReport = {
				checked: 0,
				changed: 0,
				captured: 0,
				cancelled: 0,
				refunded: 0
			};
			const actor = `reconcile:${ctx.actor}`;
			// Orders untouched since then, in each of the three states that wait on the provider.
			const before = new Date(now.getTime() - RECONCILE_AFTER_MS);
			for (const order of await orders.stale(ctx, 'pending', before)) {
				if (!order.providerSessionId) continue;
				report.checked += 1;
				try {
					let result = await settle(ctx, order, actor);
					const abandoned = Date.parse(order.createdAt) + ABANDON_AFTER_MS < now.getTime();
					if (result && !result.changed && result.status === 'pending' && abandoned) {
						await provider.cancel(refOf(order)).catch((error: unknown) => {
							log.warn('abandoned payment not cancelled', {
								orderId: order.id,
								...errorFields(error)
							});
						});
						result = await settle(ctx, order, actor);
						if (result?.changed) report.cancelled += 1;
					}
					if (result?.changed) report.changed += 1;
				} catch (error) {
					log.error('reconcile failed for order', { orderId: order.id, ...errorFields(error) });
				}
			}
			for (const order of await orders.stale(ctx, 'authorized', before)) {
				if (!order.providerSessionId) continue;
				report.checked += 1;
				if ((await completePayment(ctx, order, actor)) === 'paid') report.captured += 1;
			}
			// Refunds an admin started whose provider call failed, or whose server stopped halfway.
			for (const order of await orders.stale(ctx, 'refunding', before)) {
				if (order.provider !== provider.name || !order.providerSessionId) continue;
				report.checked += 1;
				if (!(await orders.claimStaleRefund(ctx, order.id, before, now))) continue;
				const by = { actor, userId: `system:${ctx.actor}` };
				if ((await finishRefund(ctx, order, by, now)).ok) report.refunded += 1;
			}
			return report;
		}
	};
}

export type PaymentsService = ReturnType<typeof paymentsService>;
