// The payment provider port. The simulator fills it today; a Vipps adapter (Checkout v3 /
// ePayment, with its callbackAuthorizationToken and the same five states) fills it later.
import type { PaymentState } from '$lib/schemas/payments';

export type { PaymentState };

export interface PaymentOrder {
	id: string;
	totalOre: number;
}

export interface PaymentSession {
	sessionId: string;
	/** Where the buyer approves or cancels: absolute for a real provider, a path for the simulator. */
	redirectUrl: string;
}

export interface PaymentProvider {
	/** The path segment of the callback route, next to the `psp` alias. */
	readonly name: string;
	createSession(order: PaymentOrder): Promise<PaymentSession>;
	/** The provider's own view of a session; null when it does not know the session. */
	getSession(sessionId: string): Promise<{ state: PaymentState } | null>;
	capture(sessionId: string): Promise<void>;
	cancel(sessionId: string): Promise<void>;
	/** Whether a callback's bearer token is the provider's; constant time. */
	verifyCallback(token: string): boolean;
}
