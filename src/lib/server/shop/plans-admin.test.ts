import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planInput } from '$lib/schemas/admin-shop-fixtures';
import { trail } from '../audit';
import { ENGINES } from '../db/test-db';
import { expectAdminsOnly, shopWorld, storedProduct, type ShopWorld } from './test-shop';

// The membership plans as admins create and edit them, on each engine, through the real services.
describe.each(ENGINES)('plans admin on %s', (engine) => {
	let w: ShopWorld;
	beforeEach(async () => {
		w = await shopWorld(engine);
	});
	afterEach(() => w.test.destroy());

	it('creates and edits a membership plan with its period and months, which /membership then sells', async () => {
		const created = await w.app.plansAdmin.create(
			w.admin,
			planInput({ period: 'semester', audience: 'student', months: '3' })
		);
		expect(created).toMatchObject({ ok: true, slug: 'medlemskap-sommer' });
		const id = (created as { id: string }).id;
		expect(await storedProduct(w, id)).toMatchObject({
			category: 'membership',
			stock: null,
			max_per_order: 1
		});
		const saved = await w.app.plansAdmin.update(
			w.admin,
			id,
			1,
			planInput({
				price: '120',
				slug: 'medlemskap-sommer',
				period: 'semester',
				audience: 'regular',
				months: '4'
			})
		);
		expect(saved).toMatchObject({ ok: true, version: 2 });
		const plans = await w.app.membership.plans('en');
		expect(plans.find((p) => p.productId === id)).toMatchObject({
			audience: 'regular',
			months: 4,
			priceOre: 12_000
		});
		expect((await trail(w.db, 'product', id)).map((e) => e.action)).toEqual(['created', 'updated']);
		// A product is not a plan: the plan form does not edit it.
		expect(await w.app.plansAdmin.update(w.admin, 'prod-mug', 1, planInput({}))).toEqual({
			ok: false,
			reason: 'not_found'
		});
	});

	it('refuses a member, a unit leader, an anonymous session and a visitor in every function, and changes nothing', async () => {
		const p = w.app.plansAdmin;
		const calls = {
			mayEdit: (ctx: typeof w.admin) => p.mayEdit(ctx),
			create: (ctx: typeof w.admin) => p.create(ctx, planInput({ audience: 'student' })),
			update: (ctx: typeof w.admin) =>
				p.update(ctx, 'membership-year-student', 1, planInput({ audience: 'student' }))
		};
		const before = await w.db.selectFrom('products').selectAll().orderBy('id').execute();
		await expectAdminsOnly(w, calls);
		expect(await w.db.selectFrom('products').selectAll().orderBy('id').execute()).toEqual(before);
		expect(await w.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
	});
});
