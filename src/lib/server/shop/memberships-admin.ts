// Membership as admins see it: the plans (edited like products, through products-admin.ts) and who
// holds a membership, searchable, current or expired, with the date it runs until, as a page and as
// CSV. A member is current while the last of their periods has not ended (a period bought ahead
// counts); expired once it has. Admins only, checked through the roles module.
import { sql } from 'kysely';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { HolderFilter } from '$lib/schemas/admin-shop';
import type { UserContext } from '../context';
import type { Db } from '../db';
import { csvDate, toCsv } from '../csv';
import type { RolesService } from '../identity/roles';
import { recordExport } from './admin-export';
import { containsPattern } from './products-admin';

export const HOLDERS_PAGE_SIZE = 50;

export interface AdminPlan {
	id: string;
	slug: string;
	nameNo: string;
	nameEn: string;
	priceOre: number;
	period: string;
	audience: string;
	months: number;
	active: boolean;
	/** Members whose last period of this plan has not ended. */
	currentHolders: number;
}

export interface Holder {
	userId: string;
	name: string;
	email: string | null;
	/** When their first period began. */
	since: string;
	/** When their last period ends. */
	until: string;
	current: boolean;
	/** The plan of their last period, in both locales. */
	planNo: string;
	planEn: string;
	periods: number;
}

export function membershipsAdminService(deps: { db: Db; roles: Pick<RolesService, 'require'> }) {
	const { db, roles } = deps;
	const admin = (ctx: UserContext) => roles.require(ctx, { action: 'admin' });

	function holdersQuery(filter: HolderFilter, now: string) {
		let query = db
			.selectFrom('memberships')
			.innerJoin('users', 'users.id', 'memberships.user_id')
			.select((eb) => [
				'users.id as user_id',
				'users.name',
				'users.email',
				eb.fn.min<string>('memberships.starts_at').as('since'),
				eb.fn.max<string>('memberships.ends_at').as('until'),
				eb.fn.countAll<number>().as('periods')
			])
			.groupBy(['users.id', 'users.name', 'users.email']);
		if (filter.q) {
			const pattern = containsPattern(filter.q);
			query = query.where((eb) =>
				eb.or(
					(['users.name', 'users.email'] as const).map(
						(column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`
					)
				)
			);
		}
		if (filter.status === 'current') {
			query = query.having((eb) => eb.fn.max('memberships.ends_at'), '>', now);
		} else if (filter.status === 'expired') {
			query = query.having((eb) => eb.fn.max('memberships.ends_at'), '<=', now);
		}
		return query;
	}

	async function withPlans(
		rows: {
			user_id: string;
			name: string;
			email: string | null;
			since: string;
			until: string;
			periods: unknown;
		}[],
		now: string
	): Promise<Holder[]> {
		const ids = rows.map((r) => r.user_id);
		const plans = new Map<string, { no: string; en: string }>();
		for (let i = 0; i < ids.length; i += 1000) {
			const latest = await db
				.selectFrom('memberships')
				.innerJoin('products', 'products.id', 'memberships.product_id')
				.select(['memberships.user_id', 'products.name_no', 'products.name_en'])
				.where('memberships.user_id', 'in', ids.slice(i, i + 1000))
				.orderBy('memberships.ends_at', 'desc')
				.execute();
			for (const p of latest) {
				if (!plans.has(p.user_id)) plans.set(p.user_id, { no: p.name_no, en: p.name_en });
			}
		}
		return rows.map((r) => ({
			userId: r.user_id,
			name: r.name,
			email: r.email,
			since: r.since,
			until: r.until,
			current: r.until > now,
			planNo: plans.get(r.user_id)?.no ?? '',
			planEn: plans.get(r.user_id)?.en ?? '',
			periods: Number(r.periods)
		}));
	}

	return {
		/** Every plan, on sale or not, in the order the membership page shows them. */
		async plans(ctx: UserContext, now = new Date()): Promise<AdminPlan[]> {
			await admin(ctx);
			const at = now.toISOString();
			const rows = await db
				.selectFrom('membership_plans')
				.innerJoin('products', 'products.id', 'membership_plans.product_id')
				.select((eb) => [
					'products.id',
					'products.slug',
					'products.name_no',
					'products.name_en',
					'products.price_ore',
					'products.active',
					'membership_plans.period',
					'membership_plans.audience',
					'membership_plans.months',
					eb
						.selectFrom('memberships')
						.select((c) => c.fn.count<number>('memberships.user_id').distinct().as('n'))
						.whereRef('memberships.product_id', '=', 'products.id')
						.where('memberships.ends_at', '>', at)
						.as('holders')
				])
				.orderBy('membership_plans.sort')
				.execute();
			return rows.map((r) => ({
				id: r.id,
				slug: r.slug,
				nameNo: r.name_no,
				nameEn: r.name_en,
				priceOre: r.price_ore,
				period: r.period,
				audience: r.audience,
				months: r.months,
				active: r.active === 1,
				currentHolders: Number(r.holders ?? 0)
			}));
		},

		/** One page of who holds (or held) a membership, latest end first, and how many in all. */
		async holders(ctx: UserContext, filter: HolderFilter, now = new Date()) {
			await admin(ctx);
			const at = now.toISOString();
			const [rows, total] = await Promise.all([
				holdersQuery(filter, at)
					.orderBy('until', 'desc')
					.orderBy('users.id')
					.limit(HOLDERS_PAGE_SIZE)
					.offset((filter.page - 1) * HOLDERS_PAGE_SIZE)
					.execute(),
				db
					.selectFrom(holdersQuery(filter, at).as('h'))
					.select((eb) => eb.fn.countAll<number>().as('n'))
					.executeTakeFirstOrThrow()
			]);
			const count = Number(total.n);
			return {
				holders: await withPlans(rows, at),
				count,
				page: filter.page,
				pageCount: Math.max(1, Math.ceil(count / HOLDERS_PAGE_SIZE))
			};
		},

		/** Everyone the filter selects (every page), as CSV in the reader's locale; audited. */
		async csv(
			ctx: UserContext,
			filter: HolderFilter,
			locale: Locale,
			now = new Date()
		): Promise<string> {
			const user = await admin(ctx);
			const at = now.toISOString();
			const rows = await holdersQuery(filter, at)
				.orderBy('until', 'desc')
				.orderBy('users.id')
				.execute();
			const holders = await withPlans(rows, at);
			await recordExport(db, user.id, 'memberships', filter, holders.length);
			const o = { locale };
			return toCsv(
				[
					m.admin_shop_csv_name({}, o),
					m.admin_shop_csv_email({}, o),
					m.admin_shop_csv_membership_status({}, o),
					m.admin_shop_csv_since({}, o),
					m.admin_shop_csv_until({}, o),
					m.admin_shop_csv_plan({}, o)
				],
				holders.map((h) => [
					h.name,
					h.email,
					h.current ? m.admin_shop_holders_current({}, o) : m.admin_shop_holders_expired({}, o),
					csvDate(h.since),
					csvDate(h.until),
					locale === 'no' ? h.planNo : h.planEn || h.planNo
				]),
				locale
			);
		}
	};
}

export type MembershipsAdminService = ReturnType<typeof membershipsAdminService>;
