// What the simulator's hosted page does after the buyer decides: post the provider's callback to
// our callback route over real HTTP, as Vipps would, with the test hooks for duplicates, late
// and out-of-order callbacks.
import type { PaymentState } from '$lib/schemas/payments';
import { errorFields, log } from '../log';
import type { SimulatorProvider } from './simulator';

export interface CallbackHooks {
	/** Identical callbacks sent at once. */
	copies: number;
	/** Sent this long after the buyer is redirected (0: before). */
	delayMs: number;
	/** Afterwards the session is put in this state and one more callback reports it. */
	then?: PaymentState;
}

export async function sendSimulatorCallbacks(
	simulator: SimulatorProvider,
	sessionId: string,
	callbackUrl: string,
	hooks: CallbackHooks
): Promise<void> {
	const post = async () => {
		const session = await simulator.session(sessionId);
		if (!session) return;
		const response = await fetch(callbackUrl, simulator.callbackRequest(session, session.state));
		if (!response.ok)
			log.warn('simulator callback refused', { sessionId, status: response.status });
		await response.body?.cancel();
	};
	const send = async () => {
		await Promise.all(Array.from({ length: hooks.copies }, post));
		if (hooks.then) {
			await simulator.force(sessionId, hooks.then);
			await post();
		}
	};
	// A callback that cannot be delivered is what the return route and reconciliation are for.
	if (hooks.delayMs === 0) {
		return send().catch((error: unknown) =>
			log.error('simulator callback failed', { sessionId, ...errorFields(error) })
		);
	}
	// Late: the buyer is back first, and the return route has to ask the provider itself.
	setTimeout(() => {
		send().catch((error: unknown) =>
			log.error('simulator callback failed', { sessionId, ...errorFields(error) })
		);
	}, hooks.delayMs);
}
