import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogueValues, PlanInput, type CatalogueValues } from '$lib/schemas/admin-shop';
import { trail } from '../audit';
import { ENGINES } from '../db/test-db';
import { Forbidden, NotSignedIn } from '../errors';
import { shopWorld, type ShopWorld } from './test-shop';

// The membership plans as admins create and edit them, on each engine, through the real services.
/** A plan form's values as the web edge hands them to the domain. */
const plan = (extra: Partial<CatalogueValues>) =>
	PlanInput.parse({
		...catalogueValues(new FormData()),
		nameNo: 'Medlemskap, sommer',
		nameEn: 'Membership, summer',
		price: '100',
		period: 'year',
		audience: 'regular',
		months: '12',
		active: true,
		...extra
	});

describe.each(ENGINES)('plans admin on %s', (engine) => {
	let w: ShopWorld;
	beforeEach(async () => {
		w = await shopWorld(engine);
	});
	afterEach(() => w.test.destroy());

	const stored = (id: string) =>
		w.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

	it('creates and edits a membership plan with its period and months, which /membership then sells', async () => {
		const created = await w.app.plansAdmin.create(
			w.admin,
			plan({ period: 'semester', audience: 'student', months: '3' })
		);
		expect(created).toMatchObject({ ok: true, slug: 'medlemskap-sommer' });
		const id = (created as { id: string }).id;
		expect(await stored(id)).toMatchObject({
			category: 'membership',
			stock: null,
			max_per_order: 1
		});
		const saved = await w.app.plansAdmin.update(
			w.admin,
			id,
			1,
			plan({
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
		expect(await w.app.plansAdmin.update(w.admin, 'prod-mug', 1, plan({}))).toEqual({
			ok: false,
			reason: 'not_found'
		});
	});

	it('refuses a member, a unit leader, an anonymous session and a visitor in every function, and changes nothing', async () => {
		const p = w.app.plansAdmin;
		const calls = {
			mayEdit: (ctx: typeof w.admin) => p.mayEdit(ctx),
			create: (ctx: typeof w.admin) => p.create(ctx, plan({ audience: 'student' })),
			update: (ctx: typeof w.admin) =>
				p.update(ctx, 'membership-year-student', 1, plan({ audience: 'student' }))
		};
		const before = await w.db.selectFrom('products').selectAll().orderBy('id').execute();
		for (const [name, call] of Object.entries(calls)) {
			await expect(call(w.member), `${name} by a member`).rejects.toThrow(Forbidden);
			await expect(call(w.leader), `${name} by a leader`).rejects.toThrow(Forbidden);
			await expect(call(w.anonymous), `${name} anonymously`).rejects.toThrow(NotSignedIn);
			await expect(call(w.visitor), `${name} by a visitor`).rejects.toThrow(NotSignedIn);
		}
		expect(await w.db.selectFrom('products').selectAll().orderBy('id').execute()).toEqual(before);
		expect(await w.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
	});
});
