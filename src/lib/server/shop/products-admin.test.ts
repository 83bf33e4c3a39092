import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productInput } from '$lib/schemas/admin-shop-fixtures';
import { trail } from '../audit';
import { ENGINES } from '../db/test-db';
import { DIRECT_ORDER_CATEGORY } from './direct-orders';
import { expectAdminsOnly, shopWorld, storedProduct, type ShopWorld } from './test-shop';

// The catalogue as admins edit it, on each engine, through the real services.
describe.each(ENGINES)('products admin on %s', (engine) => {
	let w: ShopWorld;
	beforeEach(async () => {
		w = await shopWorld(engine);
	});
	afterEach(() => w.test.destroy());

	const stored = (id: string) => storedProduct(w, id);

	it('creates a product with a slug from the Norwegian name (æ → ae, ø → o, å → a), kroner as øre, blank stock as no limit, and audits it', async () => {
		const result = await w.app.productsAdmin.createProduct(
			w.admin,
			productInput({ price: '1 234,50', memberPrice: '99.9', maxPerOrder: '3' })
		);
		expect(result).toMatchObject({ ok: true, slug: 'olkrus-pa-asen', version: 1 });
		const id = (result as { id: string }).id;
		expect(await stored(id)).toMatchObject({
			slug: 'olkrus-pa-asen',
			price_ore: 123_450,
			member_price_ore: 9_990,
			stock: null,
			max_per_order: 3,
			active: 1,
			version: 1
		});
		const [entry] = await trail(w.db, 'product', id);
		expect(entry).toMatchObject({ actor: 'admin', action: 'created' });
		expect(entry!.details).toMatchObject({
			before: null,
			after: { nameNo: 'Ølkrus på Åsen', priceOre: 123_450, maxPerOrder: 3, active: true }
		});
	});

	it('keeps generated slugs unique with -2, -3 and refuses a chosen slug another product has', async () => {
		const slugs = [];
		for (let i = 0; i < 3; i++) {
			const r = await w.app.productsAdmin.createProduct(
				w.admin,
				productInput({ nameNo: 'Hettegenser' })
			);
			slugs.push(r.ok ? r.slug : r.reason);
		}
		// The demo catalogue already sells "hoodie", not "hettegenser".
		expect(slugs).toEqual(['hettegenser', 'hettegenser-2', 'hettegenser-3']);
		expect(await w.app.productsAdmin.createProduct(w.admin, productInput({ slug: 'mug' }))).toEqual(
			{
				ok: false,
				reason: 'invalid',
				errors: { slug: 'slug_taken' }
			}
		);
	});

	it('refuses a unit or a category that does not exist, field by field, and writes nothing', async () => {
		const before = await w.db.selectFrom('products').select('id').execute();
		expect(
			await w.app.productsAdmin.createProduct(w.admin, productInput({ unitId: 'no-such-unit' }))
		).toMatchObject({ ok: false, errors: { unitId: 'unit_unknown' } });
		// Categories are a managed list (migration 021): a code not on it is refused.
		expect(
			await w.app.productsAdmin.createProduct(w.admin, productInput({ category: 'shoes' }))
		).toMatchObject({ ok: false, errors: { category: 'category_unknown' } });
		expect(
			await w.app.productsAdmin.createProduct(w.admin, productInput({ category: 'social' }))
		).toMatchObject({ ok: false, errors: { category: 'category_unknown' } });
		expect(
			await w.app.productsAdmin.updateProduct(
				w.admin,
				'prod-mug',
				1,
				productInput({ category: 'shoes' })
			)
		).toMatchObject({ ok: false, errors: { category: 'category_unknown' } });
		expect(await w.db.selectFrom('products').select('id').execute()).toHaveLength(before.length);
		expect(await stored('prod-mug')).toMatchObject({ category: 'merch', version: 1 });
	});

	it('saves over the version it was made from, raises it, and audits only what changed', async () => {
		const found = (await w.app.productsAdmin.get(w.admin, 'prod-mug'))!;
		const form = productInput({
			nameNo: 'Kaffekopp',
			nameEn: 'Coffee mug',
			descriptionNo: found.product.descriptionNo,
			descriptionEn: found.product.descriptionEn,
			slug: 'mug',
			price: '159',
			stock: '12',
			maxPerOrder: '4',
			unitId: 'board-oslo',
			featured: true
		});
		const saved = await w.app.productsAdmin.updateProduct(w.admin, 'prod-mug', 1, form);
		expect(saved).toMatchObject({ ok: true, version: 2 });
		expect(await stored('prod-mug')).toMatchObject({ price_ore: 15_900, stock: 12, version: 2 });
		const entries = await trail(w.db, 'product', 'prod-mug');
		expect(entries.at(-1)).toMatchObject({
			actor: 'admin',
			action: 'updated',
			details: {
				before: { priceOre: 14_900, stock: 10 },
				after: { priceOre: 15_900, stock: 12 }
			}
		});
		// The shop's own reader sees the new price at once.
		expect((await w.app.content.shopProduct('no', 'mug'))?.priceOre).toBe(15_900);
	});

	it('two people saving the same version: the second is told, with what the first saved, and nothing is overwritten', async () => {
		const first = productInput({ nameNo: 'Kaffekopp', slug: 'mug', price: '159', stock: '10' });
		const second = productInput({ nameNo: 'Kaffekrus', slug: 'mug', price: '139', stock: '10' });
		const results = await Promise.all([
			w.app.productsAdmin.updateProduct(w.admin, 'prod-mug', 1, first),
			w.app.productsAdmin.updateProduct(w.admin, 'prod-mug', 1, second)
		]);
		const conflicts = results.filter((r) => !r.ok);
		expect(results.filter((r) => r.ok)).toHaveLength(1);
		expect(conflicts).toEqual([expect.objectContaining({ ok: false, reason: 'conflict' })]);
		const winner = results.findIndex((r) => r.ok);
		const row = await stored('prod-mug');
		expect(row.version).toBe(2);
		expect(row.price_ore).toBe(winner === 0 ? 15_900 : 13_900);
		const current = (conflicts[0] as { current: { priceOre: number; version: number } }).current;
		expect(current).toMatchObject({ priceOre: row.price_ore, version: 2 });
		expect(
			(await trail(w.db, 'product', 'prod-mug')).filter((e) => e.action === 'updated')
		).toHaveLength(1);
	});

	it('a changed slug leaves a redirect from the old one, renaming twice still leads to the product, and renaming back removes it', async () => {
		const edit = (slug: string, version: number) =>
			w.app.productsAdmin.updateProduct(
				w.admin,
				'prod-mug',
				version,
				productInput({ nameNo: 'Kaffekopp', slug, price: '149', stock: '10', maxPerOrder: '4' })
			);
		expect(await edit('kaffekopp', 1)).toMatchObject({ ok: true, slug: 'kaffekopp' });
		expect(await w.app.productsAdmin.redirectedSlug('mug')).toBe('kaffekopp');
		expect(await edit('krus', 2)).toMatchObject({ ok: true });
		expect(await w.app.productsAdmin.redirectedSlug('mug')).toBe('krus');
		expect(await w.app.productsAdmin.redirectedSlug('kaffekopp')).toBe('krus');
		// Another product may not take an address that still leads to this one.
		expect(
			await w.app.productsAdmin.createProduct(w.admin, productInput({ slug: 'mug' }))
		).toMatchObject({ ok: false, errors: { slug: 'slug_taken' } });
		expect(await edit('mug', 3)).toMatchObject({ ok: true, slug: 'mug' });
		expect(await w.app.productsAdmin.redirectedSlug('mug')).toBeNull();
		expect(await w.app.productsAdmin.redirectedSlug('krus')).toBe('mug');
	});

	it('refuses a stock below what is sold, and counts sold, reserved and available', async () => {
		await w.buy('prod-mug', 3);
		const found = (await w.app.productsAdmin.get(w.admin, 'prod-mug'))!;
		expect(found.product).toMatchObject({ stock: 10, sold: 3, reserved: 0, available: 7 });
		expect(
			await w.app.productsAdmin.updateProduct(
				w.admin,
				'prod-mug',
				1,
				productInput({ nameNo: 'Kaffekopp', slug: 'mug', price: '149', stock: '2' })
			)
		).toMatchObject({ ok: false, errors: { stock: 'stock_below_sold' } });
	});

	it('refuses to delete a product that was ordered (say how it is used), and lets it be taken off sale instead', async () => {
		await w.buy('prod-mug', 1);
		expect(await w.app.productsAdmin.remove(w.admin, 'prod-mug', 1)).toEqual({
			ok: false,
			reason: 'in_use',
			uses: { orders: 1, reservations: 0, memberships: 0, events: 0 }
		});
		expect(await w.app.productsAdmin.setActive(w.admin, 'prod-mug', 1, false)).toMatchObject({
			ok: true,
			version: 2
		});
		expect(await w.app.content.shopProduct('no', 'mug')).toBeUndefined();
		expect((await trail(w.db, 'product', 'prod-mug')).at(-1)).toMatchObject({
			action: 'deactivated',
			details: { before: { active: true }, after: { active: false } }
		});
	});

	it('refuses to delete a product in a cart or sold for an event, deletes one nothing refers to, and audits it', async () => {
		await w.app.shop.addToCart(w.member, 'prod-sticker', 1);
		expect(await w.app.productsAdmin.remove(w.admin, 'prod-sticker', 1)).toMatchObject({
			ok: false,
			reason: 'in_use',
			uses: { reservations: 1 }
		});
		expect(await w.app.productsAdmin.remove(w.admin, 'prod-julebord', 1)).toMatchObject({
			ok: false,
			uses: { events: 1 }
		});
		const created = await w.app.productsAdmin.createProduct(w.admin, productInput({}));
		const id = (created as { id: string }).id;
		expect(await w.app.productsAdmin.remove(w.admin, id, 2)).toMatchObject({
			ok: false,
			reason: 'conflict'
		});
		expect(await w.app.productsAdmin.remove(w.admin, id, 1)).toEqual({ ok: true });
		expect(await w.db.selectFrom('products').where('id', '=', id).selectAll().execute()).toEqual(
			[]
		);
		expect((await trail(w.db, 'product', id)).map((e) => e.action)).toEqual(['created', 'deleted']);
	});

	it('lists by search, category, on sale and running low, flagging missing translations, without the membership plans', async () => {
		await w.app.productsAdmin.createProduct(w.admin, productInput({ nameEn: '', stock: '3' }));
		const list = (filter: Partial<Parameters<typeof w.app.productsAdmin.list>[1]>) =>
			w.app.productsAdmin
				.list(w.admin, { q: '', category: '', active: '', stock: '', ...filter })
				.then((r) => r.products.map((p) => p.slug));
		expect(await list({})).not.toContain('membership-year-regular');
		// A product only a direct order sells (an event's seat) is not the catalogue's to put on sale.
		await w.db
			.insertInto('products')
			.values({
				...(await w.db
					.selectFrom('products')
					.selectAll()
					.where('id', '=', 'prod-mug')
					.executeTakeFirstOrThrow()),
				id: 'seat:ev',
				slug: 'seat-ev',
				category: DIRECT_ORDER_CATEGORY,
				active: 0
			})
			.execute();
		expect(await list({ active: 'no' })).not.toContain('seat-ev');
		expect(await list({ q: 'KOPP' })).toEqual(['mug']);
		expect(await list({ q: '100%' })).toEqual([]);
		expect(await list({ category: 'clothing' })).toEqual(['hoodie']);
		expect(await list({ stock: 'low' })).toEqual(['olkrus-pa-asen']);
		await w.app.productsAdmin.setActive(w.admin, 'prod-sticker', 1, false);
		expect(await list({ active: 'no' })).toEqual(['sticker']);
		const rows = (
			await w.app.productsAdmin.list(w.admin, { q: 'krus', category: '', active: '', stock: '' })
		).products;
		expect(rows).toEqual([expect.objectContaining({ missingTranslation: true, available: 3 })]);
	});

	it('refuses a member, a unit leader, an anonymous session and a visitor in every function, and changes nothing', async () => {
		const p = w.app.productsAdmin;
		const calls = {
			mayEdit: (ctx: typeof w.admin) => p.mayEdit(ctx),
			list: (ctx: typeof w.admin) => p.list(ctx, { q: '', category: '', active: '', stock: '' }),
			get: (ctx: typeof w.admin) => p.get(ctx, 'prod-mug'),
			formOptions: (ctx: typeof w.admin) => p.formOptions(ctx),
			createProduct: (ctx: typeof w.admin) => p.createProduct(ctx, productInput({})),
			updateProduct: (ctx: typeof w.admin) =>
				p.updateProduct(ctx, 'prod-mug', 1, productInput({ slug: 'mug' })),
			setActive: (ctx: typeof w.admin) => p.setActive(ctx, 'prod-mug', 1, false),
			remove: (ctx: typeof w.admin) => p.remove(ctx, 'prod-sticker', 1)
		};
		const before = await w.db.selectFrom('products').selectAll().orderBy('id').execute();
		await expectAdminsOnly(w, calls);
		expect(await w.db.selectFrom('products').selectAll().orderBy('id').execute()).toEqual(before);
		expect(await w.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
	});
});
