// The default provider: a local stand-in with its session state in the database, so the whole buy
// flow works on a fresh machine without provider credentials.
import { randomBytes } from 'node:crypto';
import { PaymentState } from '$lib/schemas/payments';
import type { Db } from '../db';
import { secretsEqual } from '../http/secrets';
import type { PaymentProvider } from './types';

export function simulatorProvider(db: Db, options: { callbackToken: string }): PaymentProvider {
	const setState = async (sessionId: string, from: PaymentState[], to: PaymentState) => {
		const result = await db
			.updateTable('payment_sessions')
			.set({ state: to, updated_at: new Date().toISOString() })
			.where('id', '=', sessionId)
			.where('state', 'in', from)
			.executeTakeFirst();
		if (Number(result.numUpdatedRows) !== 1) {
			throw new Error(`payment session ${sessionId} cannot move to ${to}`);
		}
	};

	return {
		name: 'simulator',

		async createSession(order) {
			const sessionId = randomBytes(16).toString('base64url');
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

		async getSession(sessionId) {
			const row = await db
				.selectFrom('payment_sessions')
				.select('state')
				.where('id', '=', sessionId)
				.executeTakeFirst();
			if (!row) return null;
			// A row written by hand or by a newer version must not pass as a known state.
			const state = PaymentState.safeParse(row.state);
			if (!state.success) throw new Error(`payment session ${sessionId} has state ${row.state}`);
			return { state: state.data };
		},

		// Like Vipps, capturing leaves the session AUTHORIZED; only an authorized session captures.
		async capture(sessionId) {
			await setState(sessionId, ['AUTHORIZED'], 'AUTHORIZED');
		},

		async cancel(sessionId) {
			await setState(sessionId, ['CREATED', 'AUTHORIZED'], 'TERMINATED');
		},

		verifyCallback(token) {
			return secretsEqual(token, options.callbackToken);
		}
	};
}
