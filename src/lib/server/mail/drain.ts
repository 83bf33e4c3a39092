// The outbox's drain: sends the queued mails (bulk notices: reminders, registration opening, an
// event changed) at a bounded rate, where a receipt or a promotion is sent at once after its
// transaction. Each run takes at most what is left of the rate for the last minute, counted by the
// rows taken in it (`claimed_at`) whoever took them, so instances sharing a database share one rate.
// Taking is one UPDATE that sets `claimed_at` only where it is unset or its lease ran out, and
// answers the rows it changed: of two instances, each row goes to one (PostgreSQL re-checks the
// condition on a row another transaction just took; SQLite has one writer). A failed row is tried
// again later, less often each time, and left with its error after MAX_ATTEMPTS.
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../db';
import { errorFields, log } from '../log';
import type { Mailer } from './index';

/** How long a taken row is the taker's: a crashed run's rows go out again after this. */
export const CLAIM_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 5 * 60_000;
const LAST_RETRY_MS = 6 * 60 * 60_000;

/** When a row that failed `attempts` times is tried again: 5 min, 10, 20, … at most 6 h. */
export const retryAt = (attempts: number, now: Date) =>
	new Date(
		now.getTime() + Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LAST_RETRY_MS)
	);

/** A row nobody holds: never taken, or its taker's lease ran out. */
const unclaimed = (stale: string) => (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
	eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<=', stale)]);

export interface Drained {
	sent: number;
	failed: number;
}

export async function drainOutbox(
	db: Db,
	mail: Pick<Mailer, 'deliver' | 'canSend'>,
	options: { ratePerMinute: number; now?: Date }
): Promise<Drained> {
	const drained = { sent: 0, failed: 0 };
	if (!mail.canSend) return drained;
	const now = options.now ?? new Date();
	const at = now.toISOString();
	const { used } = await db
		.selectFrom('mail_outbox')
		.select((eb) => eb.fn.countAll<number>().as('used'))
		.where('queued', '=', 1)
		.where('claimed_at', '>', new Date(now.getTime() - 60_000).toISOString())
		.executeTakeFirstOrThrow();
	const budget = options.ratePerMinute - Number(used);
	if (budget <= 0) return drained;
	const stale = new Date(now.getTime() - CLAIM_MS).toISOString();
	const due = db
		.selectFrom('mail_outbox')
		.select('id')
		.where('queued', '=', 1)
		.where('sent_at', 'is', null)
		.where('attempts', '<', MAX_ATTEMPTS)
		.where(unclaimed(stale))
		.where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', at)]))
		.orderBy('created_at')
		.limit(budget);
	const taken = await db
		.updateTable('mail_outbox')
		.set({ claimed_at: at })
		.where('id', 'in', due)
		.where('sent_at', 'is', null)
		.where(unclaimed(stale))
		.returning(['id', 'attempts'])
		.execute();
	for (const row of taken) {
		const delivered = await mail.deliver(row.id).then(
			(sent) => sent.delivered,
			(error: unknown) => {
				// The row went meanwhile (its recipient's account was erased): nothing to send.
				log.warn('queued mail not sent', { id: row.id, ...errorFields(error) });
				return false;
			}
		);
		if (delivered) {
			drained.sent++;
			continue;
		}
		drained.failed++;
		const attempts = row.attempts + 1;
		await db
			.updateTable('mail_outbox')
			.set({ attempts, next_attempt_at: retryAt(attempts, now).toISOString() })
			.where('id', '=', row.id)
			.execute();
	}
	return drained;
}
