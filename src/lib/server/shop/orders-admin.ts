// Orders as admins see and handle them: a searchable, filtered, paged list with its totals and a
// CSV of the same list; one order with its lines, buyer, payment, event log and audit trail; and
// cancel and refund, which go through the payment flows (payments/index.ts) over the provider
// port. Every function checks the caller through the roles module first.
import { sql } from 'kysely';
import type { Locale } from '$lib/i18n';
import { osloDayStart, parseDate } from '$lib/oslo-time';
import { m } from '$lib/paraglide/messages';
import type { OrderFilter } from '$lib/schemas/admin-shop';
import { orderStatusLabel } from '$lib/shop/status-words';
import { namedTrail, type NamedTrail } from '../audit/named';
import { actorNames } from '../audit/trail-entry';
import type { UserContext } from '../context';
import type { Db } from '../db';
import { csvDateTime, csvKroner, toCsv } from '../csv';
import type { RolesService } from '../identity/roles';
import type { OrderActionResult, PaymentsService } from '../payments';
import { recordExport } from './admin-export';
import { shopAttention, type ShopAttention } from './attention';
import { inTransitionOrder } from './orders-sql';
import { containsPattern } from './products-admin';

export const ORDERS_PAGE_SIZE = 50;
/** A CSV holds at most this many orders (newest first); a narrower filter gets the rest. */
export const CSV_MAX_ROWS = 50_000;

export interface AdminOrderRow {
	id: string;
	status: string;
	buyerName: string;
	buyerEmail: string;
	totalOre: number;
	createdAt: string;
	provider: string;
}

export interface OrderTotals {
	count: number;
	totalOre: number;
	/** Of those, paid (money received and kept). */
	paidOre: number;
}

export interface AdminOrderDetail extends AdminOrderRow {
	userId: string;
	buyerPhone: string;
	locale: string | null;
	updatedAt: string;
	providerSessionId: string | null;
	/** The provider's own view of the payment; null when it could not be asked or does not know it. */
	providerState: string | null;
	lines: { productId: string; name: string; unitPriceOre: number; quantity: number }[];
	events: {
		from: string | null;
		to: string;
		actor: string;
		/** Who moved the order, as a kind the page puts in words; an admin by name. */
		by: OrderEventBy;
		at: string;
		note: string | null;
	}[];
	trail: NamedTrail;
	canCancel: boolean;
	canRefund: boolean;
}

/**
 * Who wrote an order event, from its actor (`checkout:<user>` and `return:<user>`: the buyer;
 * `callback:<provider>`: the payment provider; `reconcile:…`: the job that settles orders whose
 * callback never came; `admin:<user>`: an admin, named when the account is still there).
 */
export type OrderEventBy =
	| { kind: 'buyer' }
	| { kind: 'provider'; provider: string }
	| { kind: 'reconcile' }
	| { kind: 'admin'; name: string | null }
	| { kind: 'system' };

function orderEventBy(actor: string, names: ReadonlyMap<string, string>): OrderEventBy {
	const [prefix, rest = ''] = actor.split(/:(.*)/s);
	switch (prefix) {
		case 'checkout':
		case 'return':
			return { kind: 'buyer' };
		case 'callback':
			return { kind: 'provider', provider: rest };
		case 'reconcile':
			return { kind: 'reconcile' };
		case 'admin':
			return { kind: 'admin', name: names.get(rest) ?? null };
		default:
			return { kind: 'system' };
	}
}

export function ordersAdminService(deps: {
	db: Db;
	roles: Pick<RolesService, 'require'>;
	payments: Pick<PaymentsService, 'cancelOrder' | 'refundOrder' | 'provider'>;
}) {
	const { db, roles, payments } = deps;
	const admin = (ctx: UserContext) => roles.require(ctx, { action: 'admin' });

	function matching(filter: OrderFilter) {
		let query = db.selectFrom('orders');
		if (filter.q) {
			const pattern = containsPattern(filter.q);
			query = query.where((eb) =>
				eb.or([
					eb('orders.id', '=', filter.q.toLowerCase()),
					...(['orders.id', 'orders.buyer_name', 'orders.buyer_email'] as const).map(
						(column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`
					)
				])
			);
		}
		if (filter.status) query = query.where('orders.status', '=', filter.status);
		const from = parseDate(filter.from);
		const to = parseDate(filter.to);
		if (from) query = query.where('orders.created_at', '>=', osloDayStart(from));
		if (to) query = query.where('orders.created_at', '<', osloDayStart(to, 1));
		if (filter.product) {
			query = query.where((eb) =>
				eb.exists(
					eb
						.selectFrom('order_lines')
						.select('order_lines.id')
						.whereRef('order_lines.order_id', '=', 'orders.id')
						.where('order_lines.product_id', '=', filter.product)
				)
			);
		}
		return query;
	}

	const ROW_COLUMNS = [
		'orders.id',
		'orders.status',
		'orders.buyer_name',
		'orders.buyer_email',
		'orders.total_ore',
		'orders.created_at',
		'orders.provider'
	] as const;

	const toRow = (r: {
		id: string;
		status: string;
		buyer_name: string;
		buyer_email: string;
		total_ore: number;
		created_at: string;
		provider: string;
	}): AdminOrderRow => ({
		id: r.id,
		status: r.status,
		buyerName: r.buyer_name,
		buyerEmail: r.buyer_email,
		totalOre: r.total_ore,
		createdAt: r.created_at,
		provider: r.provider
	});

	/** order_events names an admin's change `admin:<id>`; the audit log names the user. */
	const actorOf = (userId: string) => ({ actor: `admin:${userId}`, userId });

	return {
		/** One page of the orders the filter selects, newest first, and the totals of all of them. */
		async list(ctx: UserContext, filter: OrderFilter) {
			await admin(ctx);
			const [rows, totals] = await Promise.all([
				matching(filter)
					.select(ROW_COLUMNS)
					.orderBy('orders.created_at', 'desc')
					.orderBy('orders.id')
					.limit(ORDERS_PAGE_SIZE)
					.offset((filter.page - 1) * ORDERS_PAGE_SIZE)
					.execute(),
				matching(filter)
					.select((eb) => [
						eb.fn.countAll<number>().as('count'),
						eb.fn.coalesce(eb.fn.sum<number>('orders.total_ore'), eb.lit(0)).as('total'),
						eb.fn
							.coalesce(
								eb.fn.sum<number>(
									eb
										.case()
										.when('orders.status', '=', 'paid')
										.then(eb.ref('orders.total_ore'))
										.else(0)
										.end()
								),
								eb.lit(0)
							)
							.as('paid')
					])
					.executeTakeFirstOrThrow()
			]);
			const count = Number(totals.count);
			return {
				orders: rows.map(toRow),
				totals: { count, totalOre: Number(totals.total), paidOre: Number(totals.paid) },
				page: filter.page,
				pageCount: Math.max(1, Math.ceil(count / ORDERS_PAGE_SIZE))
			};
		},

		/** The products orders can be filtered by (those that were ever ordered, and the rest). */
		async productChoices(ctx: UserContext) {
			await admin(ctx);
			return db
				.selectFrom('products')
				.select(['id', 'name_no', 'name_en'])
				.orderBy('name_no')
				.execute();
		},

		/**
		 * The filtered list (every page) as a CSV file in the reader's locale. Buyers' names and
		 * addresses leave the site with it, so the export is audited: who, when, which filter.
		 */
		async csv(ctx: UserContext, filter: OrderFilter, locale: Locale): Promise<string> {
			const user = await admin(ctx);
			const orders = await matching(filter)
				.select([...ROW_COLUMNS, 'orders.buyer_phone'])
				.orderBy('orders.created_at', 'desc')
				.orderBy('orders.id')
				.limit(CSV_MAX_ROWS)
				.execute();
			const lines = await linesOf(
				db,
				orders.map((o) => o.id)
			);
			await recordExport(db, user.id, 'orders', filter, orders.length);
			const o = { locale };
			const header = [
				m.admin_shop_csv_order({}, o),
				m.admin_shop_csv_created({}, o),
				m.admin_shop_csv_status({}, o),
				m.admin_shop_csv_buyer({}, o),
				m.admin_shop_csv_email({}, o),
				m.admin_shop_csv_phone({}, o),
				m.admin_shop_csv_lines({}, o),
				m.admin_shop_csv_total({}, o),
				m.admin_shop_csv_provider({}, o)
			];
			return toCsv(
				header,
				orders.map((r) => [
					r.id,
					csvDateTime(r.created_at),
					orderStatusLabel(r.status, locale),
					r.buyer_name,
					r.buyer_email,
					r.buyer_phone,
					(lines.get(r.id) ?? []).map((l) => `${l.quantity} × ${l.name}`).join('; '),
					csvKroner(r.total_ore, locale),
					r.provider
				]),
				locale
			);
		},

		/** One order as the admin's order page shows it; null when there is none. */
		async detail(
			ctx: UserContext,
			orderId: string,
			locale: Locale = 'no'
		): Promise<AdminOrderDetail | null> {
			await admin(ctx);
			const row = await db
				.selectFrom('orders')
				.selectAll()
				.where('id', '=', orderId)
				.executeTakeFirst();
			if (!row) return null;
			const [lines, events, trail, providerState] = await Promise.all([
				db
					.selectFrom('order_lines')
					.select(['product_id', 'name', 'unit_price_ore', 'quantity'])
					.where('order_id', '=', orderId)
					.orderBy('name')
					.execute(),
				db
					.selectFrom('order_events')
					.select(['from_status', 'to_status', 'actor', 'at', 'note'])
					.where('order_id', '=', orderId)
					.orderBy('at')
					.execute(),
				namedTrail(db, 'order', orderId, locale),
				stateAtProvider(row)
			]);
			const admins = await actorNames(
				db,
				events.flatMap((e) => (e.actor.startsWith('admin:') ? [e.actor.slice(6)] : []))
			);
			const ours = row.provider === payments.provider.name && row.provider_session_id !== null;
			return {
				...toRow(row),
				userId: row.user_id,
				buyerPhone: row.buyer_phone,
				locale: row.locale,
				updatedAt: row.updated_at,
				providerSessionId: row.provider_session_id,
				providerState,
				lines: lines.map((l) => ({
					productId: l.product_id,
					name: l.name,
					unitPriceOre: l.unit_price_ore,
					quantity: l.quantity
				})),
				events: inTransitionOrder(events).map((e) => ({
					from: e.from_status,
					to: e.to_status,
					actor: e.actor,
					by: orderEventBy(e.actor, admins),
					at: e.at,
					note: e.note
				})),
				trail,
				canCancel: ours && (row.status === 'pending' || row.status === 'authorized'),
				canRefund: ours && (row.status === 'paid' || row.status === 'refunding')
			};
		},

		/** What the dashboard shows of the shop: stuck and failed orders, products running low. */
		async attention(ctx: UserContext, now = new Date()): Promise<ShopAttention> {
			await admin(ctx);
			return shopAttention(db, now);
		},

		async cancel(ctx: UserContext, orderId: string, now = new Date()): Promise<OrderActionResult> {
			const user = await admin(ctx);
			return payments.cancelOrder(ctx, orderId, actorOf(user.id), now);
		},

		async refund(ctx: UserContext, orderId: string, now = new Date()): Promise<OrderActionResult> {
			const user = await admin(ctx);
			return payments.refundOrder(ctx, orderId, actorOf(user.id), now);
		}
	};

	async function stateAtProvider(row: {
		id: string;
		provider: string;
		provider_session_id: string | null;
	}): Promise<string | null> {
		if (row.provider !== payments.provider.name || !row.provider_session_id) return null;
		try {
			const session = await payments.provider.getSession({
				sessionId: row.provider_session_id,
				orderId: row.id
			});
			return session?.state ?? null;
		} catch {
			return null;
		}
	}
}

/** The lines of many orders, by order, in one query per thousand orders. */
async function linesOf(db: Db, orderIds: string[]) {
	const byOrder = new Map<string, { name: string; quantity: number }[]>();
	for (let i = 0; i < orderIds.length; i += 1000) {
		const rows = await db
			.selectFrom('order_lines')
			.select(['order_id', 'name', 'quantity'])
			.where('order_id', 'in', orderIds.slice(i, i + 1000))
			.orderBy('name')
			.execute();
		for (const r of rows) {
			const list = byOrder.get(r.order_id) ?? [];
			list.push({ name: r.name, quantity: r.quantity });
			byOrder.set(r.order_id, list);
		}
	}
	return byOrder;
}

export type OrdersAdminService = ReturnType<typeof ordersAdminService>;
