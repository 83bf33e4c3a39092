// The registrations that hold a ticket: confirmed, and on a paid event with the money in (the
// organiser's lists' MONEY_IN). A ticket's signature never expires; this is what ends it: a
// cancelled, removed or waiting registration, or an unpaid seat, is not in these rows.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db';
import { MONEY_IN } from '../registration/seat-orders';

type Tx = Kysely<Database>;

/** Rows of `registrations` (joined with `orders` as left join) whose seat lets one in. */
export function holdsSeat(
	eb: ExpressionBuilder<Database & { orders: Database['orders'] }, 'registrations' | 'orders'>
) {
	return eb.and([
		eb('registrations.status', '=', 'confirmed'),
		eb.or([eb('registrations.order_id', 'is', null), eb('orders.status', 'in', MONEY_IN)])
	]);
}

/** The ticket holders of an event with their names, pools and check-in, or one of them. */
export function holders(db: Tx, eventId: string) {
	return db
		.selectFrom('registrations')
		.innerJoin('users', 'users.id', 'registrations.user_id')
		.leftJoin('orders', 'orders.id', 'registrations.order_id')
		.leftJoin('registration_pools', 'registration_pools.id', 'registrations.pool_id')
		.leftJoin('check_ins', 'check_ins.registration_id', 'registrations.id')
		.select([
			'registrations.id',
			'registrations.user_id',
			'users.name',
			'registration_pools.name_no as pool_no',
			'registration_pools.name_en as pool_en',
			'check_ins.at as checked_in_at',
			'check_ins.door as checked_in_door'
		])
		.where('registrations.event_id', '=', eventId)
		.where((eb) => holdsSeat(eb));
}

export type HolderRow = Awaited<ReturnType<ReturnType<typeof holders>['executeTakeFirstOrThrow']>>;

/** A holder as the door shows them: the name and the pool (in both languages), by registration. */
export function personOf(row: HolderRow) {
	return {
		registrationId: row.id,
		name: row.name,
		pool: row.pool_no === null ? null : { no: row.pool_no, en: row.pool_en ?? row.pool_no }
	};
}
