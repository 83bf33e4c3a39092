// The shop's admin area over HTTP against the built server: every page and every action (each form
// action and both CSV downloads) succeeds for an admin and leaves its audit record, while a member
// and a unit leader get 404, a visitor is sent to sign in and a post from another site is refused,
// each time with nothing changed. Then what an admin notices: a price or stock change on /shop at
// once, a renamed product's old address answering 301, bad input kept with its errors, two people
// saving one product, a delete refused for an ordered product, and a refund clicked twice.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, withDb } from '../helpers/fixtures';
import { mainText } from '../helpers/http';
import { Browser } from '../helpers/identity';
import { startServer, type TestServer } from '../helpers/server';
import { checkOut, shopper } from '../helpers/shop';

let server: TestServer;
let admin: Browser;
let adminId: string;
let member: Browser;
let leader: Browser;

const no = JSON.parse(readFileSync('messages/no/admin-shop.json', 'utf8')) as Record<
	string,
	string
>;
const en = JSON.parse(readFileSync('messages/en/admin-shop.json', 'utf8')) as Record<
	string,
	string
>;

function signedIn(email: string): { browser: Browser; userId: string } {
	const session = createSession(server.dbFile, { email });
	const browser = new Browser(server.url);
	browser.setCookie('session', session.cookie.slice('session='.length));
	return { browser, userId: session.userId };
}

beforeAll(async () => {
	server = await startServer({
		ADMIN_EMAILS: 'admin@example.org',
		PAYMENT_SIMULATOR_ENABLED: 'true',
		RATE_LIMIT_ANONYMOUS: '1000/60',
		RATE_LIMIT_PUBLIC: '100000/60'
	});
	({ browser: admin, userId: adminId } = signedIn('admin@example.org'));
	member = signedIn('member@example.org').browser;
	const lead = signedIn('leader@example.org');
	leader = lead.browser;
	withDb(server.dbFile, (db) =>
		db
			.prepare(
				"insert into team_members (unit_id, user_id, role, created_at) values ('board-oslo', ?, 'leader', ?)"
			)
			.run(lead.userId, new Date().toISOString())
	);
});
afterAll(() => server?.stop());

const one = <T>(sql: string, ...params: unknown[]) =>
	withDb(server.dbFile, (db) => db.prepare(sql).get(...params)) as T;
const all = <T>(sql: string, ...params: unknown[]) =>
	withDb(server.dbFile, (db) => db.prepare(sql).all(...params)) as T[];
const audits = (subjectType: string, subjectId: string) =>
	all<{ actor: string; action: string; details: string }>(
		'select actor, action, details from audit_log where subject_type = ? and subject_id = ? order by id',
		subjectType,
		subjectId
	);
const auditCount = () => one<{ n: number }>('select count(*) n from audit_log').n;

/** A product written straight into the database, at version 1, for an action to work on. */
function productRow(extra: { category?: string; active?: number } = {}): string {
	const id = randomUUID();
	withDb(server.dbFile, (db) => {
		db.prepare(
			`insert into products (id, slug, unit_id, category, price_ore, member_price_ore, stock,
			max_per_order, image, featured, active, name_no, name_en, description_no, description_en)
			values (?, ?, null, ?, 10000, null, 5, null, null, 0, ?, 'Testvare', 'Test item', '', '')`
		).run(id, `test-${id.slice(0, 8)}`, extra.category ?? 'merch', extra.active ?? 1);
		if (extra.category === 'membership') {
			db.prepare(
				"insert into membership_plans (product_id, period, audience, months, sort) values (?, 'semester', 'student', 6, 9)"
			).run(id);
		}
	});
	return id;
}

const productForm = (extra: Record<string, string> = {}) => ({
	nameNo: 'Termokopp',
	nameEn: 'Thermal mug',
	descriptionNo: 'Holder kaffen varm.',
	descriptionEn: 'Keeps the coffee hot.',
	slug: '',
	price: '249',
	memberPrice: '',
	stock: '20',
	maxPerOrder: '',
	category: 'merch',
	unitId: '',
	active: 'on',
	...extra
});

const planForm = (extra: Record<string, string> = {}) => ({
	nameNo: 'Medlemskap, sommer',
	nameEn: 'Membership, summer',
	descriptionNo: '',
	descriptionEn: '',
	slug: '',
	price: '100',
	period: 'semester',
	audience: 'student',
	months: '3',
	active: 'on',
	...extra
});

/** An order placed through the shop's checkout, paid on the simulator's page unless told not to. */
async function order(pay = true): Promise<string> {
	const s = shopper(server.url);
	const { payPath, sessionId } = await checkOut(s, 'sticker', '1');
	if (pay) {
		const approved = await s.post(`${payPath}?/approve`, {});
		expect(approved.status).toBe(303);
	}
	const { id, status } = one<{ id: string; status: string }>(
		'select id, status from orders where provider_session_id = ?',
		sessionId
	);
	expect(status).toBe(pay ? 'paid' : 'pending');
	return id;
}

function crossSitePost(path: string, form: Record<string, string>) {
	return admin.request(path, {
		method: 'POST',
		headers: {
			accept: 'text/html',
			origin: 'https://evil.example',
			'content-type': 'application/x-www-form-urlencoded'
		},
		body: new URLSearchParams(form)
	});
}

function visitorPost(path: string, form: Record<string, string>) {
	return new Browser(server.url).post(path, form);
}

interface Action {
	name: string;
	/** Makes what the action works on; returns the path, the form (none: a GET) and the subject. */
	prepare(): Promise<{
		path: string;
		form?: Record<string, string>;
		subjectType: string;
		subjectId: string;
	}>;
	/** What is compared before and after a refused attempt. */
	state(subjectId: string): unknown;
	admin: { status: number; actions: string[] };
}

const productState = (id: string) => one('select * from products where id = ?', id) ?? null;
const orderState = (id: string) => ({
	order: one('select status, updated_at from orders where id = ?', id),
	mails: one('select count(*) n from mail_outbox'),
	session: one('select state, refunded_ore from payment_sessions where order_id = ?', id)
});

const ACTIONS: Action[] = [
	{
		name: 'create a product',
		async prepare() {
			return {
				path: '/no/admin/shop/products/new',
				form: productForm({ nameNo: `Termokopp ${randomUUID().slice(0, 6)}` }),
				subjectType: 'product',
				subjectId: ''
			};
		},
		state: () => one('select count(*) n from products'),
		admin: { status: 303, actions: ['created'] }
	},
	{
		name: 'save a product',
		async prepare() {
			const id = productRow();
			return {
				path: `/no/admin/shop/products/${id}?/save`,
				form: productForm({ version: '1', slug: `test-${id.slice(0, 8)}` }),
				subjectType: 'product',
				subjectId: id
			};
		},
		state: productState,
		admin: { status: 200, actions: ['updated'] }
	},
	{
		name: 'take a product off sale',
		async prepare() {
			const id = productRow();
			return {
				path: `/en/admin/shop/products/${id}?/deactivate`,
				form: { version: '1' },
				subjectType: 'product',
				subjectId: id
			};
		},
		state: productState,
		admin: { status: 200, actions: ['deactivated'] }
	},
	{
		name: 'put a product on sale again',
		async prepare() {
			const id = productRow({ active: 0 });
			return {
				path: `/no/admin/shop/products/${id}?/activate`,
				form: { version: '1' },
				subjectType: 'product',
				subjectId: id
			};
		},
		state: productState,
		admin: { status: 200, actions: ['activated'] }
	},
	{
		name: 'delete a product',
		async prepare() {
			const id = productRow();
			return {
				path: `/en/admin/shop/products/${id}?/delete`,
				form: { version: '1' },
				subjectType: 'product',
				subjectId: id
			};
		},
		state: productState,
		admin: { status: 303, actions: ['deleted'] }
	},
	{
		name: 'create a membership plan',
		async prepare() {
			return {
				path: '/en/admin/shop/memberships/plans/new',
				form: planForm({ nameNo: `Medlemskap ${randomUUID().slice(0, 6)}` }),
				subjectType: 'product',
				subjectId: ''
			};
		},
		state: () => one('select count(*) n from membership_plans'),
		admin: { status: 303, actions: ['created'] }
	},
	{
		name: 'save a membership plan',
		async prepare() {
			const id = productRow({ category: 'membership' });
			return {
				path: `/no/admin/shop/memberships/plans/${id}?/save`,
				form: planForm({ version: '1', slug: `test-${id.slice(0, 8)}`, months: '4' }),
				subjectType: 'product',
				subjectId: id
			};
		},
		state: (id) => ({
			product: productState(id),
			plan: one('select * from membership_plans where product_id = ?', id)
		}),
		admin: { status: 200, actions: ['updated'] }
	},
	{
		name: 'take a membership plan off sale',
		async prepare() {
			const id = productRow({ category: 'membership' });
			return {
				path: `/no/admin/shop/memberships/plans/${id}?/deactivate`,
				form: { version: '1' },
				subjectType: 'product',
				subjectId: id
			};
		},
		state: productState,
		admin: { status: 200, actions: ['deactivated'] }
	},
	{
		name: 'put a membership plan on sale again',
		async prepare() {
			const id = productRow({ category: 'membership', active: 0 });
			return {
				path: `/en/admin/shop/memberships/plans/${id}?/activate`,
				form: { version: '1' },
				subjectType: 'product',
				subjectId: id
			};
		},
		state: productState,
		admin: { status: 200, actions: ['activated'] }
	},
	{
		name: 'delete a membership plan',
		async prepare() {
			const id = productRow({ category: 'membership' });
			return {
				path: `/no/admin/shop/memberships/plans/${id}?/delete`,
				form: { version: '1' },
				subjectType: 'product',
				subjectId: id
			};
		},
		state: (id) => ({
			product: productState(id),
			plan: one('select * from membership_plans where product_id = ?', id) ?? null
		}),
		admin: { status: 303, actions: ['deleted'] }
	},
	{
		name: 'cancel an order',
		async prepare() {
			const id = await order(false);
			return {
				path: `/no/admin/shop/orders/${id}?/cancel`,
				form: {},
				subjectType: 'order',
				subjectId: id
			};
		},
		state: orderState,
		admin: { status: 200, actions: ['cancelled'] }
	},
	{
		name: 'refund an order',
		async prepare() {
			const id = await order(true);
			return {
				path: `/en/admin/shop/orders/${id}?/refund`,
				form: {},
				subjectType: 'order',
				subjectId: id
			};
		},
		state: orderState,
		admin: { status: 200, actions: ['refund_started', 'refunded'] }
	},
	{
		name: 'download the orders as CSV',
		async prepare() {
			return {
				path: '/no/admin/shop/orders.csv?status=paid',
				subjectType: 'export',
				subjectId: 'orders'
			};
		},
		state: () => null,
		admin: { status: 200, actions: ['exported'] }
	},
	{
		name: 'download the members as CSV',
		async prepare() {
			return {
				path: '/en/admin/shop/memberships.csv',
				subjectType: 'export',
				subjectId: 'memberships'
			};
		},
		state: () => null,
		admin: { status: 200, actions: ['exported'] }
	}
];

describe('every admin shop action', () => {
	for (const action of ACTIONS) {
		it(`${action.name}: refused for a member, a unit leader, a visitor and another site, done and audited for an admin`, async () => {
			const { path, form, subjectType, subjectId } = await action.prepare();
			const before = { state: action.state(subjectId), audits: auditCount() };
			const send = (b: Browser) => (form ? b.post(path, form) : b.get(path));

			expect((await send(member)).status, 'member').toBe(404);
			expect((await send(leader)).status, 'leader').toBe(404);
			const visitor = form
				? await visitorPost(path, form)
				: await new Browser(server.url).get(path);
			expect(visitor.status, 'visitor').toBe(303);
			expect(visitor.headers.get('location')).toMatch(/^\/(no|en)\/auth\/login\?redirectTo=/);
			if (form) expect((await crossSitePost(path, form)).status, 'another site').toBe(403);
			expect({ state: action.state(subjectId), audits: auditCount() }).toEqual(before);

			const res = await send(admin);
			expect(res.status, await res.clone().text()).toBe(action.admin.status);
			let subject = subjectId;
			if (!subject) {
				// A created record is named by where the admin is sent next.
				subject = /\/(?:products|plans)\/([0-9a-f-]{36})\?created=1$/.exec(
					res.headers.get('location') ?? ''
				)![1]!;
			}
			const entries = audits(subjectType, subject);
			expect(entries.map((e) => e.action)).toEqual(action.admin.actions);
			for (const entry of entries) expect(entry.actor).toBe(adminId);
			if (subjectType === 'product') {
				const details = JSON.parse(entries[0]!.details) as { before: unknown; after: unknown };
				expect(details.before ?? details.after).toBeTruthy();
			}
		});
	}
});

describe('the admin shop pages', () => {
	it('answer admins in both languages, are not found for a member or a unit leader, and send a visitor to sign in', async () => {
		const paid = await order(true);
		const pages = [
			'/admin/shop/products',
			'/admin/shop/products/new',
			'/admin/shop/products/prod-mug',
			'/admin/shop/orders',
			`/admin/shop/orders/${paid}`,
			'/admin/shop/memberships',
			'/admin/shop/memberships/plans/new',
			'/admin/shop/memberships/plans/membership-year-student'
		];
		for (const locale of ['no', 'en'] as const) {
			for (const page of pages) {
				const path = `/${locale}${page}`;
				const res = await admin.get(path);
				expect(res.status, path).toBe(200);
				expect(await res.text()).toContain(`lang="${locale}"`);
				expect((await member.get(path)).status, path).toBe(404);
				expect((await leader.get(path)).status, path).toBe(404);
				const visitor = await fetch(server.url + path, { redirect: 'manual' });
				expect(visitor.status).toBe(303);
				expect(visitor.headers.get('location')).toBe(
					`/${locale}/auth/login?redirectTo=${encodeURIComponent(path)}`
				);
			}
		}
		const nav = await (await admin.get('/en/admin')).text();
		for (const label of [
			'admin_shop_nav_products',
			'admin_shop_nav_orders',
			'admin_shop_nav_memberships'
		]) {
			expect(nav).toContain(en[label]);
		}
		expect(mainText(nav)).toContain(en.admin_shop_dashboard_orders);
		expect(mainText(nav)).toContain(en.admin_shop_dashboard_low);
		expect(nav).toContain('href="/en/admin/shop/orders"');
		// A leader's admin area has no shop.
		const leaders = await (await leader.get('/en/admin')).text();
		expect(leaders).not.toContain('href="/en/admin/shop/');
	});

	it('a price and stock change shows on /shop at once, and the renamed product’s old address answers 301', async () => {
		const visitor = new Browser(server.url);
		const shopPage = async () =>
			(await (await visitor.get('/no/shop')).text()).replace(/\s+/g, ' ');
		expect(await shopPage()).toContain('499');
		const version = one<{ version: number }>(
			"select version from products where id = 'prod-hoodie'"
		).version;
		const saved = await admin.post('/no/admin/shop/products/prod-hoodie?/save', {
			...productForm({
				nameNo: 'Hettegenser',
				nameEn: 'Hoodie',
				descriptionNo: 'Myk hettegenser i økologisk bomull med organisasjonens logo.',
				descriptionEn: 'Soft organic cotton hoodie with the organisation logo.',
				slug: 'hettegenser',
				price: '459',
				memberPrice: '399',
				stock: '3',
				maxPerOrder: '5',
				category: 'clothing',
				unitId: 'board-oslo',
				featured: 'on'
			}),
			version: String(version)
		});
		expect(saved.status).toBe(200);
		expect(mainText(await saved.text())).toContain(no.admin_shop_saved);
		const page = await shopPage();
		expect(page).toContain('459');
		expect(page).not.toMatch(/499\s?kr/);
		const product = await visitor.get('/no/shop/hettegenser');
		expect(product.status).toBe(200);
		expect(mainText(await product.text())).toContain('Bare 3 igjen');
		const old = await visitor.get('/en/shop/hoodie?x=1');
		expect(old.status).toBe(301);
		expect(old.headers.get('location')).toBe('/en/shop/hettegenser');
		expect((await visitor.get('/no/shop/no-such-product')).status).toBe(404);
	});

	it('without JavaScript, a refused form shows what was typed with each field’s problem tied to its field', async () => {
		const res = await admin.post(
			'/en/admin/shop/products/new',
			productForm({ nameNo: 'Pledd', price: 'ten kroner', stock: '-3' })
		);
		expect(res.status).toBe(400);
		const html = await res.text();
		expect(html).toContain('value="Pledd"');
		expect(html).toContain('value="ten kroner"');
		expect(html).toMatch(/id="price"[^>]*aria-invalid="true"[^>]*aria-describedby="price-error"/);
		expect(html).toContain(`id="price-error"`);
		expect(mainText(html)).toContain(en.admin_shop_error_price_format);
		expect(mainText(html)).toContain(en.admin_shop_error_stock_format);
		expect(html).toMatch(/role="alert"[^>]*>\s*Something needs fixing/);
		expect(one<{ n: number }>("select count(*) n from products where name_no = 'Pledd'").n).toBe(0);
	});

	it('a broken product or plan form is answered only to an admin: a member or a unit leader gets 404, plain or enhanced, as for a good one', async () => {
		const id = productRow();
		const slug = `test-${id.slice(0, 8)}`;
		const posts: [path: string, form: Record<string, string>, adminStatus: number][] = [
			['/en/admin/shop/products/new', productForm({ price: 'ten kroner' }), 400],
			['/en/admin/shop/memberships/plans/new', planForm({ months: '0' }), 400],
			[
				`/en/admin/shop/products/${id}?/save`,
				productForm({ slug, stock: '-3', version: '1' }),
				400
			],
			// A version that cannot be one names no record.
			[`/en/admin/shop/products/${id}?/save`, productForm({ slug, version: 'x' }), 404],
			[`/en/admin/shop/products/${id}?/deactivate`, { version: 'x' }, 404],
			[`/en/admin/shop/products/${id}?/picture`, { version: 'x', image_alt_no: 'Kopp' }, 409]
		];
		/** The post as the enhanced form sends it: the action's answer as data, no page. */
		const enhanced = (b: Browser, path: string, form: Record<string, string>) =>
			b.request(path, {
				method: 'POST',
				headers: {
					accept: 'application/json',
					'x-sveltekit-action': 'true',
					origin: server.url,
					'content-type': 'application/x-www-form-urlencoded'
				},
				body: new URLSearchParams(form)
			});
		const before = { product: productState(id), products: one('select count(*) n from products') };
		for (const [path, form, adminStatus] of posts) {
			for (const [who, b] of [
				['member', member],
				['leader', leader]
			] as const) {
				expect((await b.post(path, form)).status, `${who}: ${path}`).toBe(404);
				const res = await enhanced(b, path, form);
				expect(res.status, `${who}, enhanced: ${path}`).toBe(404);
				expect(await res.json()).toMatchObject({ type: 'error' });
			}
			expect((await admin.post(path, form)).status, `admin: ${path}`).toBe(adminStatus);
		}
		expect({ product: productState(id), products: one('select count(*) n from products') }).toEqual(
			before
		);
	});

	it('two admins saving one product: the second is told what the first saved, keeps what they typed, and may save again over it', async () => {
		const id = productRow();
		const slug = `test-${id.slice(0, 8)}`;
		const first = await admin.post(`/en/admin/shop/products/${id}?/save`, {
			...productForm({ slug, price: '111' }),
			version: '1'
		});
		expect(first.status).toBe(200);
		const second = await admin.post(`/en/admin/shop/products/${id}?/save`, {
			...productForm({ slug, price: '222', nameNo: 'Mitt navn' }),
			version: '1'
		});
		expect(second.status).toBe(409);
		const html = await second.text();
		expect(mainText(html)).toContain(en.admin_shop_conflict);
		expect(html).toContain('value="222"');
		expect(html).toContain('value="Mitt navn"');
		expect(html).toContain('name="version" value="2"');
		expect(
			one<{ price_ore: number }>('select price_ore from products where id = ?', id).price_ore
		).toBe(11_100);
		const again = await admin.post(`/en/admin/shop/products/${id}?/save`, {
			...productForm({ slug, price: '222', nameNo: 'Mitt navn' }),
			version: '2'
		});
		expect(again.status).toBe(200);
		expect(
			one<{ price_ore: number }>('select price_ore from products where id = ?', id).price_ore
		).toBe(22_200);
	});

	it('refuses to delete an ordered product with the reason, and takes it off sale instead', async () => {
		await order(true);
		const version = one<{ version: number }>(
			"select version from products where id = 'prod-sticker'"
		).version;
		const refused = await admin.post('/no/admin/shop/products/prod-sticker?/delete', {
			version: String(version)
		});
		expect(refused.status).toBe(409);
		expect(mainText(await refused.text())).toMatch(
			/Produktet kan ikke slettes: det er brukt i \d+ ordrer?\b/
		);
		expect(one('select id from products where id = ?', 'prod-sticker')).toBeTruthy();
	});

	it('two refund clicks at once refund once: one provider refund, one e-mail, the stock back once', async () => {
		const stock = () =>
			one<{ n: number }>(
				"select coalesce(sum(l.quantity), 0) n from order_lines l join orders o on o.id = l.order_id where l.product_id = 'prod-mug' and o.status in ('authorized', 'paid', 'refunding')"
			).n;
		const s = shopper(server.url);
		const { payPath, sessionId } = await checkOut(s, 'mug', '2');
		await s.post(`${payPath}?/approve`, {});
		const { id } = one<{ id: string }>(
			'select id from orders where provider_session_id = ?',
			sessionId
		);
		const soldBefore = stock();
		const mailsBefore = one<{ n: number }>(
			"select count(*) n from mail_outbox where kind = 'order-refunded'"
		).n;
		const [a, b] = await Promise.all([
			admin.post(`/no/admin/shop/orders/${id}?/refund`, {}),
			admin.post(`/no/admin/shop/orders/${id}?/refund`, {})
		]);
		expect([a.status, b.status].sort()).toEqual([200, 409]);
		expect(one('select status from orders where id = ?', id)).toEqual({ status: 'refunded' });
		expect(one('select refunded_ore from payment_sessions where id = ?', sessionId)).toEqual({
			refunded_ore: 2 * 14_900
		});
		expect(stock()).toBe(soldBefore - 2);
		expect(
			one<{ n: number }>("select count(*) n from mail_outbox where kind = 'order-refunded'").n
		).toBe(mailsBefore + 1);
		const page = mainText(await (await admin.get(`/no/admin/shop/orders/${id}`)).text());
		expect(page).toContain('Refundert');
	});

	it('an order page names the payment provider and the payment’s state there in words, not by their codes', async () => {
		const id = await order(true);
		const words = {
			no: [
				'Betalingsløsning Betalingssimulatoren',
				'Status hos betalingsløsningen Godkjent av kjøperen, beløpet er reservert',
				'tilbake til kjøperen gjennom betalingssimulatoren.'
			],
			en: [
				'Payment provider The payment simulator',
				'State at the provider Approved by the buyer, the amount reserved',
				'back to the buyer through the payment simulator.'
			]
		};
		for (const locale of ['no', 'en'] as const) {
			const page = mainText(await (await admin.get(`/${locale}/admin/shop/orders/${id}`)).text());
			for (const said of words[locale]) expect(page).toContain(said);
			expect(page).not.toMatch(/(?<!payment )\bsimulator\b|AUTHORIZED/i);
			expect(page).not.toMatch(/callback:|checkout:/);
		}
	});

	it('the orders CSV is a UTF-8 file with a byte-order mark, for the filter shown', async () => {
		await order(true);
		const res = await admin.get('/no/admin/shop/orders.csv?status=paid');
		expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
		expect(res.headers.get('content-disposition')).toMatch(
			/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/
		);
		const bytes = new Uint8Array(await res.arrayBuffer());
		expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		const text = new TextDecoder().decode(bytes.slice(3));
		const lines = text.split('\r\n').filter(Boolean);
		expect(lines[0]).toBe(
			'Ordre;Bestilt;Status;Kjøper;E-post;Telefon;Varer;Sum (kr);Betalingsløsning'
		);
		expect(lines.length).toBeGreaterThan(1);
		for (const line of lines.slice(1)) expect(line).toContain(';Betalt;');
	});
});
