// The payment provider port, filled by the simulator (default) and the Vipps adapter (Checkout v3
// sessions, ePayment capture, cancel and refund). Both report the same five states.
import type { PaymentState } from '$lib/schemas/payments';

export type { PaymentState };

export interface PaymentOrder {
	id: string;
	totalOre: number;
	/** Shown to the buyer by the provider. */
	description: string;
	/** Where the provider sends the buyer afterwards (our checkout return, absolute). */
	returnUrl: string;
	/** Where the provider posts its callbacks (absolute). */
	callbackUrl: string;
	buyer: { name: string; email: string; phone: string };
}

export interface PaymentSession {
	sessionId: string;
	/** Where the buyer approves or cancels: absolute for a real provider, a path for the simulator. */
	redirectUrl: string;
}

/** A session as the provider knows it: its own id and our order id (its "reference"). */
export interface SessionRef {
	sessionId: string;
	orderId: string;
}

export interface PaymentProvider {
	/** The path segment of the callback route, next to the `psp` alias. */
	readonly name: string;
	createSession(order: PaymentOrder): Promise<PaymentSession>;
	/** The provider's own view of a session; null when it does not know the session. */
	getSession(ref: SessionRef): Promise<{ state: PaymentState } | null>;
	/** Takes the authorized amount. Safe to repeat: a second capture of the same order is a no-op. */
	capture(ref: SessionRef, amountOre: number): Promise<void>;
	/** Stops a session that has not been paid; the provider then reports TERMINATED. */
	cancel(ref: SessionRef): Promise<void>;
	/**
	 * Gives the buyer back `amountOre` of what was captured (the whole order: the shop refunds
	 * orders, not lines). Safe to repeat: a second refund of the same order is the same operation
	 * at the provider, never a second payout. Throws when the provider refuses (nothing captured,
	 * more than is left) or cannot be reached.
	 */
	refund(ref: SessionRef, amountOre: number): Promise<void>;
	/** Whether a callback's bearer token is the provider's; constant time. */
	verifyCallback(token: string): boolean;
}
