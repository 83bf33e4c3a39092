import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
	FAKE_CREDENTIALS,
	startFakeVipps,
	type FakeVipps
} from '../../../../tests/helpers/fake-vipps';
import type { OrderFilter } from '$lib/schemas/admin-shop';
import { trail } from '../audit';
import { ENGINES } from '../db/test-db';
import { mailer } from '../mail';
import { paymentsService, REFUND_RETRY_AFTER_MS } from '../payments';
import type { PaymentProvider } from '../payments/types';
import { vippsProvider } from '../payments/vipps';
import { ordersService } from './orders';
import { ordersAdminService } from './orders-admin';
import { sqlOrderStore } from './orders-sql';
import { expectAdminsOnly, shopWorld, type ShopWorld } from './test-shop';

// Orders as admins handle them, on each engine, with real orders paid on the simulator (and, for
// the wire format, on a local fake Vipps): list, CSV, cancel and refund exactly once.
const FILTER: OrderFilter = { q: '', status: '', from: '', to: '', product: '', page: 1 };

/** The orders admin over a world's database, its payments going through `provider`. */
const adminPayingThrough = (w: ShopWorld, provider: PaymentProvider) =>
	ordersAdminService({
		db: w.db,
		roles: w.app.roles,
		payments: paymentsService(
			provider,
			ordersService(sqlOrderStore(w.db)),
			mailer(w.db, null, { from: 'shop@example.org' })
		)
	});

describe.each(ENGINES)('orders admin on %s', (engine) => {
	let w: ShopWorld;
	beforeEach(async () => {
		w = await shopWorld(engine);
	});
	afterEach(() => w.test.destroy());

	const orderRow = (id: string) =>
		w.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
	const events = (id: string) =>
		w.db
			.selectFrom('order_events')
			.select(['from_status', 'to_status', 'actor'])
			.where('order_id', '=', id)
			.orderBy('at')
			.execute();
	const mails = (kind: string) =>
		w.db
			.selectFrom('mail_outbox')
			.select(['to_address', 'subject', 'text_body'])
			.where('kind', '=', kind)
			.execute();
	const session = async (orderId: string) =>
		w.db
			.selectFrom('payment_sessions')
			.selectAll()
			.where('order_id', '=', orderId)
			.executeTakeFirstOrThrow();

	it('refunds a paid order through the provider: money back, stock back, refunded, logged, audited and e-mailed in the buyer’s language', async () => {
		const stockBefore = await w.available('prod-mug');
		const orderId = await w.buy('prod-mug', 2, { locale: 'en' });
		expect(await w.available('prod-mug')).toBe(stockBefore! - 2);

		expect(await w.app.ordersAdmin.refund(w.admin, orderId)).toEqual({
			ok: true,
			status: 'refunded'
		});

		expect((await orderRow(orderId)).status).toBe('refunded');
		expect(await session(orderId)).toMatchObject({ captured_ore: 29_800, refunded_ore: 29_800 });
		expect(await w.available('prod-mug')).toBe(stockBefore);
		expect((await events(orderId)).slice(-2)).toEqual([
			{ from_status: 'paid', to_status: 'refunding', actor: 'admin:admin' },
			{ from_status: 'refunding', to_status: 'refunded', actor: 'admin:admin' }
		]);
		expect(
			(await trail(w.db, 'order', orderId)).map((e) => [e.actor, e.action, e.details])
		).toEqual([
			['admin', 'refund_started', { before: { status: 'paid' }, after: { status: 'refunding' } }],
			['admin', 'refunded', { before: { status: 'refunding' }, after: { status: 'refunded' } }]
		]);
		const [mail] = await mails('order-refunded');
		expect(mail!.subject).toBe(`Order ${orderId.slice(0, 8)} is refunded`);
		expect(mail!.text_body).toMatch(/We have paid back NOK\s298 for your order/);
		expect(mail!.text_body).toMatch(/2 × Coffee mug: NOK\s298/);
		// The subject names the order by its short number; the body keeps the whole reference, which
		// support, the order page's address and the payment provider's records share.
		expect(mail!.text_body).toMatch(new RegExp(`^Order number: ${orderId}$`, 'm'));
		// Asked again: nothing more happens.
		expect(await w.app.ordersAdmin.refund(w.admin, orderId)).toEqual({
			ok: false,
			reason: 'already',
			status: 'refunded'
		});
		expect(await mails('order-refunded')).toHaveLength(1);
	});

	it('ten simultaneous refunds of one order: one provider refund, one refunded event, one e-mail, the stock back once', async () => {
		const stockBefore = await w.available('prod-mug');
		const orderId = await w.buy('prod-mug', 3);
		let refunds = 0;
		const provider = w.app.payments.provider;
		const counting: PaymentProvider = {
			...provider,
			name: provider.name,
			refund: (ref, amount) => {
				refunds += 1;
				return provider.refund(ref, amount);
			}
		};
		const admin = adminPayingThrough(w, counting);
		const results = await Promise.all(
			Array.from({ length: 10 }, () => admin.refund(w.admin, orderId))
		);
		expect(results.filter((r) => r.ok)).toHaveLength(1);
		for (const r of results.filter((r) => !r.ok)) {
			expect(['in_progress', 'already']).toContain((r as { reason: string }).reason);
		}
		expect(refunds).toBe(1);
		expect((await orderRow(orderId)).status).toBe('refunded');
		expect((await events(orderId)).filter((e) => e.to_status === 'refunded')).toHaveLength(1);
		expect(await mails('order-refunded')).toHaveLength(1);
		expect(await w.available('prod-mug')).toBe(stockBefore);
		expect((await session(orderId)).refunded_ore).toBe(3 * 14_900);
	});

	it('a refund the provider does not confirm stays under way, keeps its stock sold, and is finished later by a click or by reconciliation', async () => {
		const stockBefore = await w.available('prod-hoodie');
		const orderId = await w.buy('prod-hoodie', 1);
		// The simulator refuses to give back more than it captured: make it believe it captured nothing.
		const captured = (await session(orderId)).captured_ore;
		const setCaptured = (id: string, ore: number) =>
			w.db
				.updateTable('payment_sessions')
				.set({ captured_ore: ore })
				.where('order_id', '=', id)
				.execute();
		await setCaptured(orderId, 0);
		expect(await w.app.ordersAdmin.refund(w.admin, orderId)).toEqual({
			ok: false,
			reason: 'provider_failed',
			status: 'refunding'
		});
		await setCaptured(orderId, captured);
		expect((await orderRow(orderId)).status).toBe('refunding');
		expect(await w.available('prod-hoodie')).toBe(stockBefore! - 1);
		expect(await mails('order-refunded')).toHaveLength(0);
		// Straight away, another click is told the refund is on its way.
		expect(await w.app.ordersAdmin.refund(w.admin, orderId)).toMatchObject({
			ok: false,
			reason: 'in_progress'
		});
		// A minute later it may take over.
		const later = new Date(Date.now() + REFUND_RETRY_AFTER_MS + 1000);
		expect(await w.app.ordersAdmin.refund(w.admin, orderId, later)).toEqual({
			ok: true,
			status: 'refunded'
		});
		expect(await w.available('prod-hoodie')).toBe(stockBefore);

		// Left halfway again (a second order), reconciliation finishes it.
		const second = await w.buy('prod-hoodie', 1);
		await setCaptured(second, 0);
		await w.app.ordersAdmin.refund(w.admin, second);
		await setCaptured(second, captured);
		const report = await w.app.payments.reconcile(
			{ kind: 'admin', actor: 'cron' },
			new Date(Date.now() + 6 * 60_000)
		);
		expect(report.refunded).toBe(1);
		expect((await orderRow(second)).status).toBe('refunded');
		expect((await events(second)).at(-1)).toMatchObject({ actor: 'reconcile:cron' });
		expect((await trail(w.db, 'order', second)).at(-1)).toMatchObject({
			actor: 'system:cron',
			action: 'refunded'
		});
	});

	it('refunding a membership ends the membership it granted', async () => {
		const orderId = await w.buy('membership-semester-student', 1);
		const buyer = (await orderRow(orderId)).user_id;
		const held = () =>
			w.db.selectFrom('memberships').select('id').where('user_id', '=', buyer).execute();
		expect(await held()).toHaveLength(1);
		await w.app.ordersAdmin.refund(w.admin, orderId);
		expect(await held()).toEqual([]);
		expect((await trail(w.db, 'order', orderId)).at(-1)!.details).toMatchObject({
			after: { status: 'refunded', revoked: 1 }
		});
	});

	it('cancels a pending order at the provider: its reservations released once, cancelled, e-mailed; twice at once changes it once', async () => {
		const stockBefore = await w.available('prod-mug');
		const orderId = await w.buy('prod-mug', 2, { pay: false });
		expect(await w.available('prod-mug')).toBe(stockBefore! - 2);
		const results = await Promise.all([
			w.app.ordersAdmin.cancel(w.admin, orderId),
			w.app.ordersAdmin.cancel(w.admin, orderId)
		]);
		expect(results).toContainEqual({ ok: true, status: 'cancelled' });
		expect(results).toContainEqual({ ok: false, reason: 'already', status: 'cancelled' });
		expect((await orderRow(orderId)).status).toBe('cancelled');
		expect((await session(orderId)).state).toBe('TERMINATED');
		expect(await w.available('prod-mug')).toBe(stockBefore);
		expect((await events(orderId)).filter((e) => e.to_status === 'cancelled')).toEqual([
			{ from_status: 'pending', to_status: 'cancelled', actor: 'admin:admin' }
		]);
		const sent = await mails('order-cancelled');
		expect(sent).toHaveLength(1);
		expect(sent[0]!.subject).toBe(`Ordre ${orderId.slice(0, 8)} er kansellert`);
		// The buyer can no longer pay the stopped session.
		expect(await w.app.simulator!.decide((await session(orderId)).id, 'AUTHORIZED')).toBe(false);
	});

	it('cancels a pending order whose payment the buyer already gave up, and refuses what cannot be done', async () => {
		const abandoned = await w.buy('prod-mug', 1, { pay: false });
		await w.app.simulator!.decide((await session(abandoned)).id, 'ABORTED');
		expect(await w.app.ordersAdmin.cancel(w.admin, abandoned)).toEqual({
			ok: true,
			status: 'cancelled'
		});

		const paid = await w.buy('prod-mug', 1);
		expect(await w.app.ordersAdmin.cancel(w.admin, paid)).toEqual({
			ok: false,
			reason: 'not_allowed',
			status: 'paid'
		});
		const pending = await w.buy('prod-mug', 1, { pay: false });
		expect(await w.app.ordersAdmin.refund(w.admin, pending)).toEqual({
			ok: false,
			reason: 'not_allowed',
			status: 'pending'
		});
		expect(await w.app.ordersAdmin.refund(w.admin, 'no-such-order')).toMatchObject({
			ok: false,
			reason: 'not_found'
		});
		await w.db.updateTable('orders').set({ provider: 'vipps' }).where('id', '=', paid).execute();
		expect(await w.app.ordersAdmin.refund(w.admin, paid)).toMatchObject({
			ok: false,
			reason: 'other_provider'
		});
		expect((await orderRow(paid)).status).toBe('paid');
	});

	it('lists orders by buyer, id, status, product and day with their totals, and pages them', async () => {
		const a = await w.buy('prod-mug', 1);
		const b = await w.buy('prod-hoodie', 1);
		const c = await w.buy('prod-sticker', 2, { pay: false });
		const list = (filter: Partial<OrderFilter>) =>
			w.app.ordersAdmin.list(w.admin, { ...FILTER, ...filter });
		const all = await list({});
		expect(all.orders.map((o) => o.id).sort()).toEqual([a, b, c].sort());
		expect(all.totals).toEqual({
			count: 3,
			totalOre: 14_900 + 49_900 + 4_000,
			paidOre: 14_900 + 49_900
		});
		expect((await list({ status: 'pending' })).orders.map((o) => o.id)).toEqual([c]);
		expect((await list({ product: 'prod-hoodie' })).orders.map((o) => o.id)).toEqual([b]);
		expect((await list({ q: a.slice(0, 8).toUpperCase() })).orders.map((o) => o.id)).toEqual([a]);
		const buyerB = (await orderRow(b)).buyer_email;
		expect((await list({ q: buyerB })).orders.map((o) => o.id)).toEqual([b]);
		const today = new Date().toISOString().slice(0, 10);
		expect((await list({ from: '2000-01-01', to: '2000-01-31' })).totals.count).toBe(0);
		expect((await list({ from: today })).totals.count).toBeGreaterThanOrEqual(2);
		expect((await list({ page: 2 })).orders).toEqual([]);
	});

	it('writes the filtered list as CSV: BOM, the locale’s separator, quoting, no formulas, æøå intact', async () => {
		const orderId = await w.buy('prod-mug', 1);
		await w.db
			.updateTable('orders')
			.set({ buyer_name: '=HYPERLINK("http://evil.example","Ærlig; Øyvind")' })
			.where('id', '=', orderId)
			.execute();
		const no = await w.app.ordersAdmin.csv(w.admin, FILTER, 'no');
		expect(no.startsWith('\uFEFFOrdre;Bestilt;Status;Kjøper;')).toBe(true);
		const [, row] = no.slice(1).split('\r\n');
		expect(row).toContain(`${orderId};`);
		expect(row).toContain(';Betalt;"\'=HYPERLINK(""http://evil.example"",""Ærlig; Øyvind"")";');
		expect(row).toContain(';1 × Kaffekopp;149,00;simulator');
		const en = await w.app.ordersAdmin.csv(w.admin, FILTER, 'en');
		expect(en.split('\r\n')[0]).toBe(
			'\uFEFFOrder,Placed,Status,Buyer,E-mail,Phone,Items,Total (kr),Payment provider'
		);
		expect(en.split('\r\n')[1]).toContain(',Paid,');
		// Buyers' names and addresses left the site: who took them, and which list, is audited.
		expect(
			(await trail(w.db, 'export', 'orders')).map((e) => [e.actor, e.action, e.details.rows])
		).toEqual([
			['admin', 'exported', 1],
			['admin', 'exported', 1]
		]);
		// Lines keep the name the buyer saw (Norwegian here); amounts use the English decimal mark.
		expect(en.split('\r\n')[1]).toContain(',1 × Kaffekopp,149.00,simulator');
	});

	it('shows one order with its lines, event log, provider state and what may be done to it', async () => {
		const orderId = await w.buy('prod-mug', 2);
		const detail = (await w.app.ordersAdmin.detail(w.admin, orderId))!;
		expect(detail).toMatchObject({
			status: 'paid',
			providerState: 'AUTHORIZED',
			canCancel: false,
			canRefund: true,
			lines: [{ productId: 'prod-mug', quantity: 2, unitPriceOre: 14_900 }]
		});
		expect(detail.events.map((e) => e.to)).toEqual(['pending', 'authorized', 'paid']);
		expect(await w.app.ordersAdmin.detail(w.admin, 'nope')).toBeNull();
	});

	it('the dashboard’s shop part: orders waiting over 30 minutes, failed this week, products running low', async () => {
		const waiting = await w.buy('prod-mug', 1, { pay: false });
		const failed = await w.buy('prod-mug', 1, { pay: false });
		await w.db
			.updateTable('orders')
			.set({ updated_at: new Date(Date.now() - 31 * 60_000).toISOString() })
			.where('id', '=', waiting)
			.execute();
		await w.db.updateTable('orders').set({ status: 'failed' }).where('id', '=', failed).execute();
		await w.db.updateTable('products').set({ stock: 6 }).where('id', '=', 'prod-hoodie').execute();
		await w.db.updateTable('products').set({ stock: 1 }).where('id', '=', 'prod-sticker').execute();
		await w.buy('prod-sticker', 1);
		const attention = await w.app.ordersAdmin.attention(w.admin);
		expect(attention.waiting.map((o) => o.id)).toEqual([waiting]);
		expect(attention.failed.map((o) => o.id)).toEqual([failed]);
		expect(attention.lowStock.map((p) => [p.id, p.available])).toEqual([['prod-sticker', 0]]);
		await w.db.updateTable('products').set({ stock: 5 }).where('id', '=', 'prod-hoodie').execute();
		expect((await w.app.ordersAdmin.attention(w.admin)).lowStock.map((p) => p.id)).toContain(
			'prod-hoodie'
		);
	});

	it('the dashboard and the product list say when the last units are only held in carts, and until when', async () => {
		await w.db.updateTable('products').set({ stock: 2 }).where('id', '=', 'prod-hoodie').execute();
		const now = new Date();
		const added = await w.app.shop.addToCart(w.member, 'prod-hoodie', 2, now);
		expect(added.ok).toBe(true);
		const until = added.ok && added.reservation ? added.reservation.expiresAt : null;
		const low = (await w.app.ordersAdmin.attention(w.admin)).lowStock;
		expect(low.find((p) => p.id === 'prod-hoodie')).toMatchObject({
			available: 0,
			heldUntil: until
		});
		const listed = await w.app.productsAdmin.list(w.admin, {
			q: '',
			category: '',
			active: '',
			stock: 'low'
		});
		expect(listed.products.find((p) => p.id === 'prod-hoodie')).toMatchObject({
			available: 0,
			heldUntil: until
		});
	});

	it('refuses a member, a unit leader, an anonymous session and a visitor in every function, and changes nothing', async () => {
		const paid = await w.buy('prod-mug', 1);
		const pending = await w.buy('prod-mug', 1, { pay: false });
		const o = w.app.ordersAdmin;
		const calls = {
			list: (ctx: typeof w.admin) => o.list(ctx, FILTER),
			productChoices: (ctx: typeof w.admin) => o.productChoices(ctx),
			csv: (ctx: typeof w.admin) => o.csv(ctx, FILTER, 'no'),
			detail: (ctx: typeof w.admin) => o.detail(ctx, paid),
			attention: (ctx: typeof w.admin) => o.attention(ctx),
			cancel: (ctx: typeof w.admin) => o.cancel(ctx, pending),
			refund: (ctx: typeof w.admin) => o.refund(ctx, paid)
		};
		await expectAdminsOnly(w, calls);
		expect((await orderRow(paid)).status).toBe('paid');
		expect((await orderRow(pending)).status).toBe('pending');
		expect(await w.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
	});
});

describe.each(ENGINES)('refunds through Vipps on %s', (engine) => {
	let fake: FakeVipps;
	let w: ShopWorld;
	beforeAll(async () => {
		fake = await startFakeVipps();
	});
	afterAll(() => fake.close());
	beforeEach(async () => {
		w = await shopWorld(engine);
	});
	afterEach(() => w.test.destroy());

	it('two simultaneous refunds send one ePayment refund of the captured amount, with its idempotency key', async () => {
		const vipps = vippsProvider({
			apiUrl: fake.url,
			...FAKE_CREDENTIALS,
			callbackToken: 'vipps-callback-token-0123456789abcdef',
			retryDelayMs: 1
		});
		/** A payment at the fake: its session created, approved and captured. */
		const captured = async (id: string, totalOre: number, description: string) => {
			const made = await vipps.createSession({
				id,
				totalOre,
				description,
				returnUrl: 'https://shop.example/return',
				callbackUrl: 'https://shop.example/callback',
				buyer: { name: 'Kari', email: 'kari@example.org', phone: '4791234567' }
			});
			fake.setState(id, 'AUTHORIZED');
			await vipps.capture({ sessionId: made.sessionId, orderId: id }, totalOre);
			return made;
		};
		// A paid order whose payment is at the fake.
		const orderId = await w.buy('prod-mug', 2);
		const session = await captured(orderId, 29_800, '2 × Kaffekopp');
		await w.db
			.updateTable('orders')
			.set({ provider: 'vipps', provider_session_id: session.sessionId })
			.where('id', '=', orderId)
			.execute();
		const admin = adminPayingThrough(w, vipps);

		const results = await Promise.all([
			admin.refund(w.admin, orderId),
			admin.refund(w.admin, orderId)
		]);

		expect(results.filter((r) => r.ok)).toEqual([{ ok: true, status: 'refunded' }]);
		const refunds = fake.requests.filter(
			(r) => r.path === `/epayment/v1/payments/${orderId}/refund`
		);
		expect(refunds).toHaveLength(1);
		expect(refunds[0]!.headers['idempotency-key']).toBe(`refund-${orderId}`);
		expect(refunds[0]!.body).toEqual({ modificationAmount: { value: 29_800, currency: 'NOK' } });
		expect(fake.sessions.get(orderId)!.refunded).toBe(29_800);
		// The same refund again is the same operation at Vipps, never a second payout.
		await vipps.refund({ sessionId: session.sessionId, orderId }, 29_800);
		expect(fake.sessions.get(orderId)!.refunded).toBe(29_800);
		// More than was captured is refused by Vipps, and the adapter says so.
		const other = '0f3c2a8e-2222-4a4a-9c9c-000000000001';
		const second = await captured(other, 100, 'Sticker');
		await expect(
			vipps.refund({ sessionId: second.sessionId, orderId: other }, 200)
		).rejects.toThrow(/refund: 400/);
	});
});
