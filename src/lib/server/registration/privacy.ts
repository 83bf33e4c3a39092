// A person's registrations in their data export, and what deleting their account does to them:
// each live one is given up (the next in line gets the seat, and is told, in the same
// transaction; an unpaid seat's order is cancelled) and then every registration of theirs is
// deleted, answers included.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { lockRows } from '../db/dialect';
import { fill, type Promotion } from './waiting-list';
import { liveRow } from './register';
import { cancelSeatOrder } from './seat-orders';
import { loadRegistration } from './settings';

type Tx = Kysely<Database>;

export async function registrationsOf(db: Tx, userId: string) {
	const rows = await db
		.selectFrom('registrations')
		.innerJoin('events', 'events.id', 'registrations.event_id')
		.leftJoin('registration_pools', 'registration_pools.id', 'registrations.pool_id')
		.leftJoin('check_ins', 'check_ins.registration_id', 'registrations.id')
		.select([
			'registrations.event_id',
			'events.title_no',
			'events.title_en',
			'registrations.status',
			'registration_pools.name_no as pool_no',
			'registration_pools.name_en as pool_en',
			'registrations.answer',
			'registrations.late',
			'registrations.pay_by',
			'registrations.cancelled_reason',
			'registrations.created_at',
			'registrations.updated_at',
			'check_ins.at as checked_in_at',
			'check_ins.door as checked_in_door'
		])
		.where('registrations.user_id', '=', userId)
		.orderBy('registrations.created_at')
		.execute();
	return rows.map((r) => ({
		eventId: r.event_id,
		event: { no: r.title_no, en: r.title_en },
		status: r.status,
		pool: r.pool_no === null ? null : { no: r.pool_no, en: r.pool_en },
		answer: r.answer,
		late: r.late === 1,
		payBy: r.pay_by,
		// An organiser's reason for a removal is about them, and theirs to see.
		cancelledReason: r.cancelled_reason,
		createdAt: r.created_at,
		updatedAt: r.updated_at,
		checkedIn: r.checked_in_at === null ? null : { at: r.checked_in_at, door: r.checked_in_door }
	}));
}

/**
 * Gives up the person's live registrations (each under its event's lock, promoting the next in
 * line) and deletes all of theirs. Returns the promotions, whose mails the caller sends after the
 * commit.
 */
export async function forgetRegistrant(db: Tx, userId: string, now: Date): Promise<Promotion[]> {
	// A registration in flight must not pass the deletion: every event open for registration is
	// held from here to the commit (in one order, as no registration holds two), so a registration
	// either committed before and is given up below, or waits and then finds the account gone
	// (eligibility.ts: a deleted account is nobody).
	await lockRows(
		db,
		db
			.selectFrom('event_registration')
			.select('event_id')
			.where('enabled', '=', 1)
			.where('closes_at', '>', now.toISOString())
			.orderBy('event_id')
	);
	const events = await db
		.selectFrom('registrations')
		.select('event_id')
		.distinct()
		.where('user_id', '=', userId)
		.where('status', '<>', 'cancelled')
		.orderBy('event_id')
		.execute();
	const promotions: Promotion[] = [];
	for (const { event_id } of events) {
		const registration = await loadRegistration(db, event_id, { lock: true });
		const live = await liveRow(db, event_id, userId);
		if (live) await cancelSeatOrder(db, live, 'account deleted', now);
		await db
			.deleteFrom('registrations')
			.where('event_id', '=', event_id)
			.where('user_id', '=', userId)
			.execute();
		if (registration) promotions.push(...(await fill(db, registration, now)));
	}
	await db.deleteFrom('registrations').where('user_id', '=', userId).execute();
	return promotions;
}
