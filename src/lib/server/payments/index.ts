// Payment flows over the provider port: the provider's callback, the buyer's return (which settles
// a still-pending order itself in case the callback has not arrived yet), and the reconciliation
// of orders whose callback never came. One path for all three: ask the provider for the state,
// move the order forward, and when this caller authorized it, capture and mark it paid.
import { randomUUID } from 'node:crypto';
import type { CallbackResult } from '$lib/schemas/payments';
import { ConfigError, type Config } from '../config';
import { currentUser, type AdminContext, type Context } from '../context';
import type { Db } from '../db';
import { errorFields, log } from '../log';
import type { Mailer, OutboxEntry } from '../mail';
import { MailMessageSchema } from '../mail/types';
import { confirmationMail } from '../shop/confirmation';
import type { Order, OrdersService } from '../shop/orders';
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
}

export function paymentsService(provider: PaymentProvider, orders: OrdersService, mail: Mailer) {
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
		const confirmation = await confirmationFor(ctx, order.id);
		if (await orders.markPaid(ctx, order.id, actor, { mail: confirmation })) {
			if (confirmation) await deliverConfirmation(order.id, confirmation.id);
			return 'paid';
		}
		return (await orders.getStatus(ctx, order.id)) ?? 'authorized';
	}

	// The confirmation is recorded in the transaction that marks the order paid, so a crash
	// after the commit cannot lose it; a message that would not validate must not block the
	// payment, so it is checked here and left out with a log line instead.
	async function confirmationFor(ctx: Context, orderId: string): Promise<OutboxEntry | undefined> {
		const detail = await orders.detail(ctx, orderId);
		if (!detail) return undefined;
		const message = confirmationMail(detail);
		if (!MailMessageSchema.safeParse(message).success) {
			log.error('order confirmation not written: invalid message', { orderId });
			return undefined;
		}
		return { id: randomUUID(), message };
	}

	async function deliverConfirmation(orderId: string, mailId: string) {
		try {
			await mail.deliver(mailId);
		} catch (error) {
			// The order is paid and the message is in the outbox; the log line is the follow-up.
			log.error('order confirmation not delivered', { orderId, ...errorFields(error) });
		}
	}

	/** Asks the provider and moves the order as far as that allows. */
	async function settle(ctx: Context, order: Order, actor: string) {
		const session = await provider.getSession(refOf(order));
		if (!session) return null;
		const result = await orders.applyPaymentState(ctx, order.id, session.state, actor);
		if (result.changed && result.status === 'authorized') {
			return { status: await completePayment(ctx, order, actor), changed: true };
		}
		return result;
	}

	return {
		provider,

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
			const report: ReconcileReport = { checked: 0, changed: 0, captured: 0, cancelled: 0 };
			const actor = `reconcile:${ctx.actor}`;
			const pending = await orders.stale(
				ctx,
				'pending',
				new Date(now.getTime() - RECONCILE_AFTER_MS)
			);
			for (const order of pending) {
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
			const authorized = await orders.stale(
				ctx,
				'authorized',
				new Date(now.getTime() - RECONCILE_AFTER_MS)
			);
			for (const order of authorized) {
				if (!order.providerSessionId) continue;
				report.checked += 1;
				if ((await completePayment(ctx, order, actor)) === 'paid') report.captured += 1;
			}
			return report;
		}
	};
}

export type PaymentsService = ReturnType<typeof paymentsService>;
