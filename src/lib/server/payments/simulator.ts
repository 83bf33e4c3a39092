// The default provider: a local stand-in with its session state in the database, so the whole buy
// flow works on a fresh machine without provider credentials. Its hosted page (/dev/pay/<id>)
// decides a session and then behaves like Vipps: it posts a Checkout-shaped callback with a
// bearer token to our callback route, over HTTP, and sends the buyer to the return URL.
import { randomBytes } from 'node:crypto';
import { PaymentState } from '$lib/schemas/payments';
import type { Db } from '../db';
import { secretsEqual } from '../crypto/secrets';
import type { PaymentProvider } from './types';

/** Like a real provider, a session nobody acts on expires (reconciliation then settles it). */
export const SIMULATOR_SESSION_TTL_MS = 20 * 60_000;

export interface SimulatorSession {
	id: string;
	orderId: string;
	state: PaymentState;
	amountOre: number;
	returnUrl: string;
}

const parseState = (id: string, raw: string): PaymentState => {
	// A row written by hand or by a newer version must not pass as a known state.
	const state = PaymentState.safeParse(raw);
	if (!state.success) throw new Error(`payment session ${id} has state ${raw}`);
	return state.data;
};

/** The Checkout v3 `sessionState` that goes with a payment state, for the callback body. */
const SESSION_STATE: Record<PaymentState, string> = {
	CREATED: 'SessionCreated',
	AUTHORIZED: 'PaymentSuccessful',
	ABORTED: 'PaymentTerminated',
	TERMINATED: 'PaymentTerminated',
	EXPIRED: 'SessionExpired'
};

export function simulatorProvider(
	db: Db,
	options: { callbackToken: string; sessionTtlMs?: number }
) {
	const ttlMs = options.sessionTtlMs ?? SIMULATOR_SESSION_TTL_MS;

	/** Moves a session from one of `from` to `to`; false when it was not in one of them. */
	const moveState = async (sessionId: string, from: PaymentState[], to: PaymentState) => {
		const result = await db
			.updateTable('payment_sessions')
			.set({ state: to, updated_at: new Date().toISOString() })
			.where('id', '=', sessionId)
			.where('state', 'in', from)
			.executeTakeFirst();
		return Number(result.numUpdatedRows) === 1;
	};

	const mustMove = async (sessionId: string, from: PaymentState[], to: PaymentState) => {
		if (!(await moveState(sessionId, from, to))) {
			throw new Error(`payment session ${sessionId} cannot move to ${to}`);
		}
	};

	async function read(sessionId: string, now = new Date()): Promise<SimulatorSession | null> {
		const row = await db
			.selectFrom('payment_sessions')
			.select(['id', 'order_id', 'state', 'amount_ore', 'created_at'])
			.where('id', '=', sessionId)
			.executeTakeFirst();
		if (!row) return null;
		let state = parseState(row.id, row.state);
		if (state === 'CREATED' && Date.parse(row.created_at) + ttlMs < now.getTime()) {
			if (await moveState(row.id, ['CREATED'], 'EXPIRED')) state = 'EXPIRED';
			else return read(sessionId, now);
		}
		return {
			id: row.id,
			orderId: row.order_id,
			state,
			amountOre: row.amount_ore,
			returnUrl: `/api/checkout/return?orderId=${encodeURIComponent(row.order_id)}`
		};
	}

	const provider: PaymentProvider = {
		name: 'simulator',

		async createSession(order) {
			const sessionId = `sim_${randomBytes(16).toString('base64url')}`;
			const now = new Date().toISOString();
			await db
				.insertInto('payment_sessions')
				.values({
					id: sessionId,
					order_id: order.id,
					state: 'CREATED',
					amount_ore: order.totalOre,
					created_at: now,
					updated_at: now
				})
				.execute();
			// The hosted page is on this site, so a path is enough and no origin needs configuring.
			return { sessionId, redirectUrl: `/dev/pay/${sessionId}` };
		},

		async getSession({ sessionId }) {
			const session = await read(sessionId);
			return session && { state: session.state };
		},

		// Like Vipps, capturing leaves the session AUTHORIZED; only an authorized session captures,
		// never more than it was authorized for, and a repeat of the same capture changes nothing.
		async capture({ sessionId }, amountOre) {
			const result = await db
				.updateTable('payment_sessions')
				.set({ captured_ore: amountOre, updated_at: new Date().toISOString() })
				.where('id', '=', sessionId)
				.where('state', '=', 'AUTHORIZED')
				.where('amount_ore', '>=', amountOre)
				.where('captured_ore', 'in', [0, amountOre])
				.executeTakeFirst();
			if (Number(result.numUpdatedRows) !== 1) {
				throw new Error(`payment session ${sessionId} cannot capture ${amountOre}`);
			}
		},

		// One refund per order, as the adapter's idempotency key makes it at Vipps: the first gives
		// the amount back (never more than was captured), a repeat of it changes nothing, and
		// anything else is refused.
		async refund({ sessionId }, amountOre) {
			const result = await db
				.updateTable('payment_sessions')
				.set({ refunded_ore: amountOre, updated_at: new Date().toISOString() })
				.where('id', '=', sessionId)
				.where('refunded_ore', '=', 0)
				.where('captured_ore', '>=', amountOre)
				.where('captured_ore', '>', 0)
				.executeTakeFirst();
			if (Number(result.numUpdatedRows) === 1) return;
			const row = await db
				.selectFrom('payment_sessions')
				.select('refunded_ore')
				.where('id', '=', sessionId)
				.executeTakeFirst();
			if (row?.refunded_ore !== amountOre) {
				throw new Error(`payment session ${sessionId} cannot refund ${amountOre}`);
			}
		},

		async cancel({ sessionId }) {
			await mustMove(sessionId, ['CREATED', 'AUTHORIZED'], 'TERMINATED');
		},

		verifyCallback(token) {
			return secretsEqual(token, options.callbackToken);
		}
	};

	return {
		...provider,
		/** The hosted page's view of a session. */
		session: read,

		/** The buyer's decision on the hosted page: only an open session can be decided. */
		decide(sessionId: string, decision: 'AUTHORIZED' | 'ABORTED'): Promise<boolean> {
			return moveState(sessionId, ['CREATED'], decision);
		},

		/** Test hook: puts a session in any state, as a provider reporting out of order would. */
		async force(sessionId: string, state: PaymentState): Promise<void> {
			await db
				.updateTable('payment_sessions')
				.set({ state, updated_at: new Date().toISOString() })
				.where('id', '=', sessionId)
				.execute();
		},

		/** The callback a provider sends for a session: Vipps Checkout's shape, bearer token. */
		callbackRequest(session: SimulatorSession, state: PaymentState): RequestInit {
			return {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					authorization: `Bearer ${options.callbackToken}`
				},
				body: JSON.stringify({
					sessionId: session.id,
					merchantSerialNumber: 'simulator',
					reference: session.orderId,
					sessionState: SESSION_STATE[state],
					paymentMethod: 'Wallet',
					paymentDetails: {
						amount: { value: session.amountOre, currency: 'NOK' },
						state
					}
				})
			};
		}
	};
}

export type SimulatorProvider = ReturnType<typeof simulatorProvider>;
