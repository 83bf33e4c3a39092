// A shop as the admin tests need it, on either engine: the demo catalogue, the real services
// (simulator payments), an admin (ADMIN_EMAILS), a plain member, a leader of one unit, a visitor,
// and real paid orders made through cart, checkout, the simulator's approval and its callback.
import { expect } from 'vitest';
import { buildServices, type Services } from '../app';
import { parseConfig } from '../config';
import { adminContext, userContext, type UserContext } from '../context';
import type { Db } from '../db';
import type { Engine } from '../db/dialect';
import { Forbidden, NotSignedIn } from '../errors';
import { seedDemo } from '../db/seed';
import { testDatabase, type TestDatabase } from '../db/test-db';
import { teamMemberRow, userRow } from '../db/test-rows';
import { availableOf, reservedQuantity, soldQuantity } from './availability';

export const SHOP_TOKEN = 'a-callback-token-of-32-characters';

const as = (id: string, isAnonymous = false): UserContext =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous }, `s-${id}`);

export interface ShopWorld {
	test: TestDatabase;
	db: Db;
	app: Services;
	admin: UserContext;
	/** Signed in, with no staff role. */
	member: UserContext;
	/** Leader of the Oslo board: staff, but not an admin. */
	leader: UserContext;
	visitor: UserContext;
	anonymous: UserContext;
	/** A paid order of a new buyer (in `locale`) for `quantity` of the product; its id. */
	buy(
		productId: string,
		quantity: number,
		options?: { locale?: 'no' | 'en'; pay?: boolean }
	): Promise<string>;
	/** What is left to sell of a product (null: no limit). */
	available(productId: string): Promise<number | null>;
}

let seq = 0;

export async function shopWorld(engine: Engine): Promise<ShopWorld> {
	const test = await testDatabase(engine, { poolMax: 20 });
	const db = test.db;
	await seedDemo(db);
	for (const id of ['admin', 'member', 'leader', 'anon']) {
		await db
			.insertInto('users')
			.values(
				id === 'anon'
					? { id, name: '', is_anonymous: 1, created_at: new Date().toISOString() }
					: userRow(id)
			)
			.execute();
	}
	await db
		.insertInto('team_members')
		.values(teamMemberRow('leader', 'board-oslo', 'leader', new Date().toISOString()))
		.execute();
	const app = buildServices(
		db,
		parseConfig({
			PAYMENT_SIMULATOR_ENABLED: 'true',
			LOG_LEVEL: 'silent',
			ADMIN_EMAILS: 'admin@example.org',
			PAYMENT_CALLBACK_TOKEN: SHOP_TOKEN
		})
	);

	async function buy(
		productId: string,
		quantity: number,
		{ locale = 'no', pay = true }: { locale?: 'no' | 'en'; pay?: boolean } = {}
	) {
		seq += 1;
		const id = `buyer-${seq}-${Math.random().toString(36).slice(2, 8)}`;
		await db.insertInto('users').values(userRow(id, { locale })).execute();
		const ctx = as(id);
		const added = await app.shop.addToCart(ctx, productId, quantity);
		if (!added.ok) throw new Error(`add to cart: ${added.reason}`);
		const quote = await app.checkout.quote(ctx, locale);
		const placed = await app.checkout.placeOrder(ctx, {
			buyer: { name: `Buyer ${seq}`, email: `${id}@example.org`, phone: '12345678' },
			expectedTotalOre: quote.totalOre,
			locale,
			origin: 'http://shop.test'
		});
		if (!placed.ok) throw new Error(`checkout: ${placed.reason}`);
		if (!pay) return placed.orderId;
		const order = await db
			.selectFrom('orders')
			.select('provider_session_id')
			.where('id', '=', placed.orderId)
			.executeTakeFirstOrThrow();
		await app.simulator!.decide(order.provider_session_id!, 'AUTHORIZED');
		const paid = await app.payments.handleCallback(adminContext('callback:simulator'), {
			token: SHOP_TOKEN,
			sessionId: order.provider_session_id!
		});
		if (!paid.success || paid.status !== 'paid')
			throw new Error(`payment: ${JSON.stringify(paid)}`);
		return placed.orderId;
	}

	async function available(productId: string) {
		const at = new Date().toISOString();
		const row = await db
			.selectFrom('products')
			.select((eb) => [
				'stock',
				reservedQuantity(eb, at).as('reserved'),
				soldQuantity(eb).as('sold')
			])
			.where('id', '=', productId)
			.executeTakeFirstOrThrow();
		return availableOf(row.stock, row.reserved as number, row.sold as number);
	}

	return {
		test,
		db,
		app,
		admin: as('admin'),
		member: as('member'),
		leader: as('leader'),
		visitor: userContext(null, null),
		anonymous: as('anon', true),
		buy,
		available
	};
}

/** A product's row as stored. */
export function storedProduct(w: ShopWorld, id: string) {
	return w.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Each of `calls` refused to a member and a unit leader (Forbidden), and to an anonymous session
 * and a visitor (NotSignedIn): the shop's admin functions are for admins only.
 */
export async function expectAdminsOnly(
	w: ShopWorld,
	calls: Record<string, (ctx: UserContext) => Promise<unknown>>
): Promise<void> {
	for (const [name, call] of Object.entries(calls)) {
		await expect(call(w.member), `${name} by a member`).rejects.toThrow(Forbidden);
		await expect(call(w.leader), `${name} by a leader`).rejects.toThrow(Forbidden);
		await expect(call(w.anonymous), `${name} anonymously`).rejects.toThrow(NotSignedIn);
		await expect(call(w.visitor), `${name} by a visitor`).rejects.toThrow(NotSignedIn);
	}
}
