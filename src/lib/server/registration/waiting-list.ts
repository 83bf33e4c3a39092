// The waiting list: one per event, in the order of `queue` (arrival, or the draw's order). Whenever
// a seat may have come free (an unregistration, a capacity raise, a removal, the merge time, the
// draw) `fill` walks the list once, in order, and gives every waiting person a seat they may take
// while one is free: a person passed over could take none of the free seats, and later promotions
// only take seats away, so after one pass nobody eligible waits beside a seat they could take.
// Runs inside the caller's transaction, under the event's lock; the promotion mails are written to
// the outbox in the same transaction and sent after the commit. On a paid event a promoted seat is
// held by its order and deadline (seat-orders.ts), and the mail says when to pay by. A free seat's
// mail is a notification the member may have turned off (kind `promoted`); a paid seat's carries a
// deadline and always goes (notifications/kinds.ts), saying why.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db';
import { recordNotice } from '../notifications';
import { isBenched, peopleOf } from './eligibility';
import { holdSeat } from './seat-orders';
import { confirmedCounts, freeSeats, seatFor, takeSeat } from './seats';
import type { EventRegistration } from './types';
import { promotedMail, registrationLocale } from './words';

type Tx = Kysely<Database>;

export interface Promotion {
	registrationId: string;
	userId: string;
	poolId: string | null;
	/** The outbox row of the person's mail. */
	mailId: string | null;
	/** A paid seat's deadline to pay; null when the seat is free. */
	payBy: string | null;
}

export async function fill(
	db: Tx,
	registration: EventRegistration,
	now: Date
): Promise<Promotion[]> {
	const free = freeSeats(registration, await confirmedCounts(db, registration.eventId));
	if (free.total <= 0) return [];
	const waiting = await db
		.selectFrom('registrations')
		.select(['id', 'user_id'])
		.where('event_id', '=', registration.eventId)
		.where('status', '=', 'waiting')
		.orderBy('queue')
		.execute();
	if (waiting.length === 0) return [];
	const people = await peopleOf(
		db,
		waiting.map((w) => w.user_id),
		now
	);
	const promoted: Promotion[] = [];
	for (const w of waiting) {
		if (free.total <= 0) break;
		const person = people.get(w.user_id);
		if (!person || isBenched(person, registration.closesAt, now)) continue;
		const pool = seatFor(registration, free, person, now);
		if (pool === undefined) continue;
		takeSeat(free, pool);
		await db
			.updateTable('registrations')
			.set({ status: 'confirmed', pool_id: pool?.id ?? null, updated_at: now.toISOString() })
			.where('id', '=', w.id)
			.execute();
		const held = await holdSeat(
			db,
			registration,
			{ id: w.id, userId: w.user_id, member: person.member },
			now
		);
		promoted.push({
			registrationId: w.id,
			userId: w.user_id,
			poolId: pool?.id ?? null,
			mailId: null,
			payBy: held?.payBy ?? null
		});
	}
	for (const p of promoted) p.mailId = await mailPromotion(db, registration, p, now);
	return promoted;
}

async function mailPromotion(
	db: Tx,
	registration: EventRegistration,
	{ userId, payBy }: Pick<Promotion, 'userId' | 'payBy'>,
	now: Date
): Promise<string | null> {
	const user = await db
		.selectFrom('users')
		.select(['email', 'name', 'locale'])
		.where('id', '=', userId)
		.executeTakeFirst();
	// An address the outbox would refuse (an old account's, from before addresses were checked)
	// gets no mail: throwing here would fail the whole transaction, the seat and every later
	// registration of the event with it.
	if (!user?.email || !z.email().safeParse(user.email).success) return null;
	const locale = registrationLocale(user.locale);
	const message = {
		kind: 'registration-promoted',
		to: user.email,
		about: { userId },
		...promotedMail(locale, user, registration.title, payBy)
	};
	// A seat to pay for is a payment deadline, which always goes (notifications/kinds.ts).
	const kind = payBy ? 'payment_due' : 'promoted';
	return recordNotice(db, { kind, userId, locale }, message, now);
}
