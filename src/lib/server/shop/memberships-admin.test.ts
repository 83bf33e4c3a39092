import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HolderFilter } from '$lib/schemas/admin-shop';
import { slugify } from '$lib/slug';
import { ENGINES } from '../db/test-db';
import { userRow } from '../db/test-rows';
import { expectAdminsOnly, shopWorld, type ShopWorld } from './test-shop';

// Who holds a membership, as admins see it, on each engine: periods bought through the shop.
const ALL: HolderFilter = { q: '', status: '', page: 1 };
const DAY = 86_400_000;

describe.each(ENGINES)('memberships admin on %s', (engine) => {
	let w: ShopWorld;
	beforeEach(async () => {
		w = await shopWorld(engine);
	});
	afterEach(() => w.test.destroy());

	/** A period of `plan` for a new user, from `startDays` to `endDays` from now. */
	async function period(name: string, plan: string, startDays: number, endDays: number) {
		const id = `${slugify(name)}-${Math.random().toString(36).slice(2, 6)}`;
		await w.db.insertInto('users').values(userRow(id, { name })).execute();
		const orderId = `order-${id}`;
		await w.db
			.insertInto('orders')
			.values({
				id: orderId,
				user_id: id,
				status: 'paid',
				provider: 'simulator',
				provider_session_id: null,
				cart_id: null,
				total_ore: 20_000,
				buyer_name: name,
				buyer_email: `${id}@example.org`,
				buyer_phone: '12345678',
				created_at: new Date().toISOString(),
				updated_at: new Date().toISOString()
			})
			.execute();
		await w.db
			.insertInto('memberships')
			.values({
				id: `m-${id}`,
				user_id: id,
				order_id: orderId,
				product_id: plan,
				starts_at: new Date(Date.now() + startDays * DAY).toISOString(),
				ends_at: new Date(Date.now() + endDays * DAY).toISOString(),
				created_at: new Date().toISOString()
			})
			.execute();
		return id;
	}

	it('lists holders, current or expired, with the date they run until and their plan, searched by name or e-mail', async () => {
		const current = await period('Åse Ødegård', 'membership-year-student', -30, 300);
		const expired = await period('Ola Nordmann', 'membership-semester-regular', -400, -200);
		const holders = (filter: Partial<HolderFilter>) =>
			w.app.membershipsAdmin.holders(w.admin, { ...ALL, ...filter });
		const all = await holders({});
		expect(all.count).toBe(2);
		expect(all.holders.map((h) => [h.userId, h.current, h.planEn])).toEqual([
			[current, true, 'Membership, full year (student)'],
			[expired, false, 'Membership, semester']
		]);
		expect((await holders({ status: 'current' })).holders.map((h) => h.userId)).toEqual([current]);
		expect((await holders({ status: 'expired' })).holders.map((h) => h.userId)).toEqual([expired]);
		expect((await holders({ q: 'NORDMANN' })).holders.map((h) => h.userId)).toEqual([expired]);
		expect((await holders({ q: `${current}@example` })).holders.map((h) => h.userId)).toEqual([
			current
		]);
		expect((await holders({ page: 2 })).holders).toEqual([]);
	});

	it('a period paid through the shop makes a current holder, counted under its plan', async () => {
		await w.buy('membership-year-regular', 1);
		const plans = await w.app.membershipsAdmin.plans(w.admin);
		expect(plans.map((p) => p.id)).toEqual([
			'membership-semester-student',
			'membership-semester-regular',
			'membership-year-student',
			'membership-year-regular'
		]);
		expect(plans.find((p) => p.id === 'membership-year-regular')).toMatchObject({
			months: 12,
			priceOre: 60_000,
			currentHolders: 1,
			active: true
		});
		expect((await w.app.membershipsAdmin.holders(w.admin, ALL)).holders).toEqual([
			expect.objectContaining({ current: true, planNo: 'Medlemskap, helår', periods: 1 })
		]);
	});

	it('exports the filtered holders as CSV in the reader’s language', async () => {
		await period('Åse Ødegård', 'membership-year-student', -30, 300);
		await period('Ola Nordmann', 'membership-semester-regular', -400, -200);
		const no = await w.app.membershipsAdmin.csv(w.admin, { ...ALL, status: 'current' }, 'no');
		const lines = no.split('\r\n');
		expect(lines[0]).toBe('\uFEFFNavn;E-post;Status;Medlem siden;Gjelder til;Medlemskap');
		expect(lines[1]).toMatch(
			/^Åse Ødegård;ase-odegard-\w+@example\.org;Gjeldende;\d{4}-\d{2}-\d{2};\d{4}-\d{2}-\d{2};Medlemskap, helår \(student\)$/
		);
		expect(lines).toHaveLength(3);
		const en = await w.app.membershipsAdmin.csv(w.admin, ALL, 'en');
		expect(en.split('\r\n')[0]).toBe('\uFEFFName,E-mail,Status,Member since,Valid until,Plan');
		expect(en).toContain(',Expired,');
		expect(en).toContain('"Membership, semester"');
	});

	it('refuses a member, a unit leader, an anonymous session and a visitor in every function', async () => {
		const m = w.app.membershipsAdmin;
		const calls = {
			plans: (ctx: typeof w.admin) => m.plans(ctx),
			holders: (ctx: typeof w.admin) => m.holders(ctx, ALL),
			csv: (ctx: typeof w.admin) => m.csv(ctx, ALL, 'no')
		};
		await expectAdminsOnly(w, calls);
	});
});
