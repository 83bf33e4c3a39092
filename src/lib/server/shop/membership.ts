// Memberships: periods bought through the shop. A paid order line of a membership plan grants one
// period; a new period starts when the current one ends, so buying early never loses days.
import { randomUUID } from 'node:crypto';
import type { Locale } from '$lib/i18n';
import { pickLocalized, type LocalizedText } from '../content/localize';
import { currentUser, type Context } from '../context';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db';
import { lockRows } from '../db/dialect';

export interface Membership {
	startsAt: string;
	endsAt: string;
	/** semester | year */
	period: string;
	/** student | regular */
	audience: string;
}

export interface MembershipPlan {
	productId: string;
	slug: string;
	name: LocalizedText;
	period: string;
	audience: string;
	months: number;
	priceOre: number;
}

/** The memberships (of a plan) that cover `now`: the one rule of who is a member. */
const covering = (db: Kysely<Database>, now: Date) => {
	const at = now.toISOString();
	return db
		.selectFrom('memberships')
		.innerJoin('membership_plans', 'membership_plans.product_id', 'memberships.product_id')
		.where('memberships.starts_at', '<=', at)
		.where('memberships.ends_at', '>', at);
};

/** The membership that covers `now`, the one ending last when periods overlap; null for none. */
export async function activeMembership(
	db: Db,
	userId: string,
	now = new Date()
): Promise<Membership | null> {
	const row = await covering(db, now)
		.select([
			'memberships.starts_at',
			'memberships.ends_at',
			'membership_plans.period',
			'membership_plans.audience'
		])
		.where('memberships.user_id', '=', userId)
		.orderBy('memberships.ends_at', 'desc')
		.executeTakeFirst();
	if (!row) return null;
	// A later period bought in advance continues this one; show the member the whole stretch.
	const endsAt = await coveredUntil(db, userId, row.ends_at);
	return { startsAt: row.starts_at, endsAt, period: row.period, audience: row.audience };
}

/** Whether a membership covers `now`: one query, without working out how long it lasts. */
export async function isMember(db: Db, userId: string, now = new Date()): Promise<boolean> {
	return (await membersAmong(db, [userId], now)).has(userId);
}

/** Which of `userIds` hold a membership that covers `now`. */
export async function membersAmong(
	db: Kysely<Database>,
	userIds: readonly string[],
	now = new Date()
): Promise<Set<string>> {
	if (userIds.length === 0) return new Set();
	const rows = await covering(db, now)
		.select('memberships.user_id')
		.distinct()
		.where('memberships.user_id', 'in', [...userIds])
		.execute();
	return new Set(rows.map((r) => r.user_id));
}

/** The end of the last period that follows on from `from` without a gap. */
async function coveredUntil(db: Db, userId: string, from: string): Promise<string> {
	let end = from;
	for (;;) {
		const next = await db
			.selectFrom('memberships')
			.select('ends_at')
			.where('user_id', '=', userId)
			.where('starts_at', '<=', end)
			.where('ends_at', '>', end)
			.orderBy('ends_at', 'desc')
			.executeTakeFirst();
		if (!next) return end;
		end = next.ends_at;
	}
}

export async function membershipPlans(db: Db, locale: Locale): Promise<MembershipPlan[]> {
	const rows = await db
		.selectFrom('membership_plans')
		.innerJoin('products', 'products.id', 'membership_plans.product_id')
		.select([
			'products.id',
			'products.slug',
			'products.name_no',
			'products.name_en',
			'products.price_ore',
			'membership_plans.period',
			'membership_plans.audience',
			'membership_plans.months'
		])
		.where('products.active', '=', 1)
		.orderBy('membership_plans.sort')
		.execute();
	return rows.map((r) => ({
		productId: r.id,
		slug: r.slug,
		name: pickLocalized(r, 'name', locale),
		period: r.period,
		audience: r.audience,
		months: r.months,
		priceOre: r.price_ore
	}));
}

function addMonths(iso: string, months: number): string {
	const d = new Date(iso);
	d.setUTCMonth(d.getUTCMonth() + months);
	return d.toISOString();
}

/**
 * Grants the periods of an order's membership lines to its buyer. Meant to run inside the
 * transaction that marks the order paid; a second call for the same order grants nothing.
 */
export async function grantMemberships(db: Db, orderId: string, now = new Date()): Promise<number> {
	const lines = await db
		.selectFrom('order_lines')
		.innerJoin('membership_plans', 'membership_plans.product_id', 'order_lines.product_id')
		.innerJoin('orders', 'orders.id', 'order_lines.order_id')
		.select(['orders.user_id', 'order_lines.product_id', 'membership_plans.months'])
		.where('order_lines.order_id', '=', orderId)
		.orderBy('membership_plans.months')
		.execute();
	// A new period starts where the buyer's last one ends: a read, then an insert. Two orders of
	// one buyer paid at once would on PostgreSQL both read the same end and overlap (one period
	// lost); the buyer's row queues them. SQLite already runs one writing transaction at a time.
	if (lines[0]) {
		await lockRows(db, db.selectFrom('users').select('id').where('id', '=', lines[0].user_id));
	}
	let granted = 0;
	for (const line of lines) {
		const latest = await db
			.selectFrom('memberships')
			.select((e) => e.fn.max<string>('ends_at').as('ends_at'))
			.where('user_id', '=', line.user_id)
			.where('ends_at', '>', now.toISOString())
			.executeTakeFirst();
		const startsAt = latest?.ends_at ?? now.toISOString();
		const result = await db
			.insertInto('memberships')
			.values({
				id: randomUUID(),
				user_id: line.user_id,
				order_id: orderId,
				product_id: line.product_id,
				starts_at: startsAt,
				ends_at: addMonths(startsAt, line.months),
				created_at: now.toISOString()
			})
			.onConflict((oc) => oc.columns(['order_id', 'product_id']).doNothing())
			.executeTakeFirst();
		granted += Number(result.numInsertedOrUpdatedRows ?? 0);
	}
	return granted;
}

/**
 * Ends the periods an order granted, when its money is given back: they are removed, so the buyer
 * is no member on their account from then on. Periods of other orders keep their dates. Meant to
 * run inside the transaction that marks the order refunded; returns how many were removed.
 */
export async function revokeMemberships(db: Db, orderId: string): Promise<number> {
	const result = await db
		.deleteFrom('memberships')
		.where('order_id', '=', orderId)
		.executeTakeFirst();
	return Number(result.numDeletedRows);
}

/** What the membership page and /profile call. Anonymous users have no membership. */
export function membershipService(db: Db) {
	return {
		plans: (locale: Locale) => membershipPlans(db, locale),
		async active(ctx: Context, now = new Date()): Promise<Membership | null> {
			const user = currentUser(ctx);
			return user && !user.isAnonymous ? activeMembership(db, user.id, now) : null;
		},
		async isPlan(productId: string): Promise<boolean> {
			const row = await db
				.selectFrom('membership_plans')
				.select('product_id')
				.where('product_id', '=', productId)
				.executeTakeFirst();
			return row !== undefined;
		}
	};
}

export type MembershipService = ReturnType<typeof membershipService>;
