// Paid seats: a confirmed seat on an event with a price is held by an order of the shop's (one line,
// the event's seat, named by its title in the buyer's language) and must be paid by its deadline.
// The order's status is what counts: authorized or paid, the seat is paid and has no deadline; still
// unpaid when the deadline passes, the seat is cancelled and its order with it, in the transaction
// that gives the seat to the next in line. A payment given up at the provider ends its order
// (cancelled, forward only); the seat keeps its deadline and is given a new order to pay.
// Everything here runs under the event's lock.
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database } from '../db';
import type { RegistrationsTable } from '../db/schema';
import { placeDirectOrder } from '../shop/direct-orders';
import { applyStatusChange } from '../shop/orders-sql';
import type { EventRegistration } from './types';
import { registrationLocale } from './words';

type Tx = Kysely<Database>;
type Row = Selectable<RegistrationsTable>;

/** How long a seat is held for payment (issue 32's default; one value for every event). */
export const PAY_WITHIN_MS = 24 * 60 * 60_000;

/** Order statuses in which the seat counts as paid: the money is taken or being taken. */
export const PAID_STATUSES: readonly string[] = ['authorized', 'paid', 'refunding', 'refunded'];

/**
 * Order statuses in which the organiser's lists call a seat paid, and its ticket lets one in: the
 * money taken, or held at the provider until it is captured. Not PAID_STATUSES, which also keep a
 * refunded seat from being given up for want of payment: its money went back.
 */
export const MONEY_IN: readonly string[] = ['authorized', 'paid'];

/** What a person pays for a seat: the member price for members when set; null or 0: free. */
export function seatPrice(registration: EventRegistration, member: boolean): number | null {
	const price =
		member && registration.priceMemberOre !== null
			? registration.priceMemberOre
			: (registration.priceOtherOre ?? registration.priceMemberOre);
	return price ? price : null;
}

/**
 * Holds a just-confirmed seat for payment when the event has a price for the person: writes its
 * order and deadline on the registration. Null when the seat is free.
 */
export async function holdSeat(
	db: Tx,
	registration: EventRegistration,
	seat: { id: string; userId: string; member: boolean },
	now: Date
): Promise<{ orderId: string; payBy: string } | null> {
	const price = seatPrice(registration, seat.member);
	if (price === null) return null;
	const orderId = await placeSeatOrder(db, registration, seat.userId, price, now);
	const payBy = new Date(now.getTime() + PAY_WITHIN_MS).toISOString();
	await db
		.updateTable('registrations')
		.set({ order_id: orderId, pay_by: payBy })
		.where('id', '=', seat.id)
		.execute();
	return { orderId, payBy };
}

async function placeSeatOrder(
	db: Tx,
	registration: EventRegistration,
	userId: string,
	price: number,
	now: Date
): Promise<string> {
	const user = await db
		.selectFrom('users')
		.select(['name', 'email', 'locale'])
		.where('id', '=', userId)
		.executeTakeFirstOrThrow();
	const locale = registrationLocale(user.locale);
	return placeDirectOrder(
		db,
		{
			userId,
			// Set when the payment starts (payments/ payOrder): no session lives anywhere yet.
			provider: '',
			product: {
				id: `seat:${registration.eventId}`,
				slug: `seat-${registration.eventId}`,
				unitId: registration.unitId,
				name: registration.title
			},
			lineName: registration.title[locale] || registration.title.no,
			priceOre: price,
			buyer: { name: user.name, email: user.email ?? '', phone: '' },
			locale,
			actor: `registration:${userId}`
		},
		now
	);
}

/** The status of a seat's order, or null when it has none. */
/** The order of a confirmed seat whose money is taken (paid): what a refund gives back; else null. */
export async function paidOrder(db: Tx, row: Row): Promise<string | null> {
	return row.status === 'confirmed' && (await orderStatus(db, row)) === 'paid'
		? row.order_id
		: null;
}

/** The event whose confirmed seat `orderId` pays for; null for a shop order. */
export async function eventOfSeatOrder(db: Tx, orderId: string): Promise<string | null> {
	const row = await db
		.selectFrom('registrations')
		.select('event_id')
		.where('order_id', '=', orderId)
		.where('status', '=', 'confirmed')
		.executeTakeFirst();
	return row?.event_id ?? null;
}

export async function orderStatus(db: Tx, row: Pick<Row, 'order_id'>): Promise<string | null> {
	if (!row.order_id) return null;
	const order = await db
		.selectFrom('orders')
		.select('status')
		.where('id', '=', row.order_id)
		.executeTakeFirst();
	return order?.status ?? null;
}

/**
 * Ends a cancelled seat's order when it was not paid: pending → cancelled, guarded like every
 * change of the shop's, so a payment that arrives later finds it cancelled and changes nothing.
 */
export async function cancelSeatOrder(db: Tx, row: Row, reason: string, now: Date): Promise<void> {
	if (!row.order_id) return;
	await applyStatusChange(db, {
		orderId: row.order_id,
		from: 'pending',
		to: 'cancelled',
		actor: `registration:${row.event_id}`,
		at: now.toISOString(),
		releaseCartId: null,
		note: reason
	});
}

/** Order statuses that end an order without a payment. */
const ENDED_UNPAID: readonly string[] = ['cancelled', 'failed'];

/**
 * A confirmed seat (registrations left-joined to its order) not paid and needing a step: past its
 * deadline, or its order ended without a payment.
 */
const needsStep = (at: string) => (eb: ExpressionBuilder<Database, 'registrations' | 'orders'>) =>
	eb.and([
		eb('registrations.status', '=', 'confirmed'),
		eb('registrations.pay_by', 'is not', null),
		eb.or([eb('orders.status', 'is', null), eb('orders.status', 'not in', PAID_STATUSES)]),
		eb.or([eb('registrations.pay_by', '<=', at), eb('orders.status', 'in', ENDED_UNPAID)])
	]);

/**
 * The event's unpaid seats that need a step: past their deadline (`expired`: given up), or whose
 * order ended without a payment before it (`unheld`: a new order, the same deadline). One query,
 * run at every settling.
 */
export async function unpaidSeats(db: Tx, eventId: string, now: Date) {
	const at = now.toISOString();
	const rows = await db
		.selectFrom('registrations')
		.leftJoin('orders', 'orders.id', 'registrations.order_id')
		.selectAll('registrations')
		.select(['orders.status as order_status', 'orders.total_ore'])
		.where('registrations.event_id', '=', eventId)
		.where(needsStep(at))
		.orderBy('registrations.queue')
		.execute();
	const expired = rows.filter((r) => r.pay_by! <= at);
	const unheld = rows.filter((r) => r.pay_by! > at);
	return { expired, unheld };
}

/** A seat whose order ended unpaid before its deadline gets a new one at the same price. */
export async function holdAgain(
	db: Tx,
	registration: EventRegistration,
	seat: Row & { total_ore: number | null },
	now: Date
): Promise<void> {
	const price = seat.total_ore ?? seatPrice(registration, false);
	if (!price) return;
	const orderId = await placeSeatOrder(db, registration, seat.user_id, price, now);
	await db
		.updateTable('registrations')
		.set({ order_id: orderId })
		.where('id', '=', seat.id)
		.execute();
}

/** Whether a seat's deadline or order asks runDue to settle its event (the scheduler's filter). */
export function seatsDue(eb: ExpressionBuilder<Database, 'event_registration'>, at: string) {
	return eb.exists(
		eb
			.selectFrom('registrations')
			.leftJoin('orders', 'orders.id', 'registrations.order_id')
			.select('registrations.id')
			.whereRef('registrations.event_id', '=', 'event_registration.event_id')
			.where(needsStep(at))
	);
}
