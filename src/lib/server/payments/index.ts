// Payment flows over the provider port: the provider's callback, and the buyer's return, which
// settles a still-pending order itself in case the callback has not arrived yet.
import type { CallbackResult } from '$lib/schemas/payments';
import { ConfigError, type Config } from '../config';
import { currentUser, type AdminContext, type Context } from '../context';
import type { Db } from '../db';
import type { OrdersService } from '../shop/orders';
import { simulatorProvider } from './simulator';
import type { PaymentProvider } from './types';

export type * from './types';

/** The alias every provider's callback route also answers to. */
export const PROVIDER_ALIAS = 'psp';

export function providerFromConfig(config: Config, db: Db): PaymentProvider {
	if (config.PAYMENT_PROVIDER === 'simulator') {
		return simulatorProvider(db, { callbackToken: config.PAYMENT_CALLBACK_TOKEN });
	}
	throw new ConfigError(`PAYMENT_PROVIDER: ${config.PAYMENT_PROVIDER} is not available yet`);
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

export function paymentsService(provider: PaymentProvider, orders: OrdersService) {
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
			const session = order && (await provider.getSession(input.sessionId));
			if (!order || !session) return { success: false, message: 'Unknown session' };
			const result = await orders.applyPaymentState(ctx, order.id, session.state, ctx.actor);
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
			const session = await provider.getSession(order.providerSessionId);
			if (!session) return returnPath(order);
			const result = await orders.applyPaymentState(
				ctx,
				order.id,
				session.state,
				`return:${user.id}`
			);
			return returnPath({ id: order.id, status: result.status });
		}
	};
}

export type PaymentsService = ReturnType<typeof paymentsService>;
