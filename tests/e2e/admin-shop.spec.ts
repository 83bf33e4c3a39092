import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, e2eAccount, e2eAdmin, e2eDb, e2eSession } from '../helpers/e2e';

// The shop's admin pages as an admin uses them, in both languages: a product's price and stock
// edited and the shop changed at once; an order bought on the simulator refunded and its stock back
// once; axe on every admin page type; and the product form without JavaScript.

const TEXT = {
	no: {
		save: 'Lagre',
		saved: 'Lagret.',
		create: 'Opprett produktet',
		created: 'Opprettet.',
		refund: 'Refunder ordren',
		refunded: 'Ordren er refundert, og kjøperen har fått e-post.',
		refundedStatus: 'Refundert',
		left: (n: number) => `Bare ${n} igjen`,
		add: 'Legg i handlekurven',
		checkout: 'Gå til kassen',
		pay: 'Gå til betaling',
		approve: 'Godkjenn betalingen',
		terms: 'Jeg godtar salgsvilkårene',
		priceError: 'Skriv et beløp i kroner, for eksempel 149 eller 149,50.',
		price: (kr: string) => new RegExp(`${kr}\\s?kr`)
	},
	en: {
		save: 'Save',
		saved: 'Saved.',
		create: 'Create the product',
		created: 'Created.',
		refund: 'Refund the order',
		refunded: 'The order is refunded, and the buyer has been e-mailed.',
		refundedStatus: 'Refunded',
		left: (n: number) => `Only ${n} left`,
		add: 'Add to cart',
		checkout: 'Go to checkout',
		pay: 'Go to payment',
		approve: 'Approve payment',
		terms: 'I accept the terms of sale',
		priceError: 'Enter an amount in kroner, for example 149 or 149.50.',
		price: (kr: string) => new RegExp(`NOK\\s?${kr}`)
	}
} as const;

/** A product of its own for one test, so that tests running side by side never share stock. */
function ownProduct(
	stock: number,
	priceOre: number
): { id: string; slug: string; category: string } {
	const id = randomUUID();
	const tag = id.slice(0, 8);
	const product = { id, slug: `e2e-${tag}`, category: `e2e-${tag}` };
	// Its own category, on the managed list as the product form requires.
	e2eDb((d) =>
		d
			.prepare(
				"insert into categories (id, kind, name_no, name_en, sort) values (?, 'product', ?, ?, 1000)"
			)
			.run(product.category, `Kategori ${tag}`, `Category ${tag}`)
	);
	e2eDb((d) =>
		d
			.prepare(
				`insert into products (id, slug, unit_id, category, price_ore, member_price_ore, stock,
				max_per_order, image, featured, active, name_no, name_en, description_no, description_en)
				values (?, ?, null, ?, ?, null, ?, null, null, 0, 1, ?, ?, 'Til testen.', 'For the test.')`
			)
			.run(
				id,
				product.slug,
				product.category,
				priceOre,
				stock,
				`Testvare ${tag}`,
				`Test item ${tag}`
			)
	);
	return product;
}

async function adminPage(
	browser: Browser,
	baseURL: string,
	javaScriptEnabled = true
): Promise<Page> {
	const context = await browser.newContext({ javaScriptEnabled });
	const { id } = await e2eAdmin();
	await e2eSession(context, baseURL, id);
	return context.newPage();
}

/** An order of its own, failed, with one line: what the order page shows without buying. */
function ownOrder(): string {
	const product = ownProduct(3, 10_000);
	const orderId = randomUUID();
	const now = new Date().toISOString();
	e2eDb((d) => {
		d.prepare(
			`insert into orders (id, user_id, status, provider, provider_session_id, total_ore, buyer_name,
			buyer_email, buyer_phone, cart_id, created_at, updated_at, locale)
			values (?, (select id from users limit 1), 'failed', 'simulator', null, 10000, 'Ola', 'ola@example.org', '12345678', null, ?, ?, 'no')`
		).run(orderId, now, now);
		d.prepare(
			"insert into order_lines (id, order_id, product_id, name, unit_price_ore, quantity) values (?, ?, ?, 'Testvare', 10000, 1)"
		).run(randomUUID(), orderId, product.id);
		d.prepare(
			"insert into order_events (id, order_id, from_status, to_status, actor, at, note) values (?, ?, null, 'pending', 'test', ?, null), (?, ?, 'pending', 'failed', 'test', ?, null)"
		).run(randomUUID(), orderId, now, randomUUID(), orderId, now);
	});
	return orderId;
}

/** Every page type of the shop's admin area (and the dashboard it adds to). */
const PAGE_TYPES: [string, () => string][] = [
	['dashboard', () => '/admin'],
	['product list', () => '/admin/shop/products?stock=low'],
	['new product', () => '/admin/shop/products/new'],
	['product', () => `/admin/shop/products/${ownProduct(3, 10_000).id}`],
	['order list', () => '/admin/shop/orders'],
	['order', () => `/admin/shop/orders/${ownOrder()}`],
	['memberships', () => '/admin/shop/memberships'],
	['new plan', () => '/admin/shop/memberships/plans/new'],
	['plan', () => '/admin/shop/memberships/plans/membership-year-student']
];

for (const locale of ['no', 'en'] as const) {
	const t = TEXT[locale];

	test(`/${locale}: an admin edits a product's price and stock, and the shop shows them at once`, async ({
		browser,
		baseURL,
		page: shopper
	}) => {
		const product = ownProduct(20, 19_900);
		await shopper.goto(`/${locale}/shop?category=${product.category}`);
		await expect(shopper.getByRole('main')).toContainText(t.price('199'));

		const admin = await adminPage(browser, baseURL!);
		await admin.goto(`/${locale}/admin/shop/products/${product.id}`);
		await admin.locator('#price').fill(locale === 'no' ? '149,50' : '149.50');
		await admin.locator('#stock').fill('4');
		await admin.getByRole('button', { name: t.save, exact: true }).click();
		await expect(admin.getByText(t.saved)).toBeVisible();
		await expect(admin.locator('#price')).toHaveValue(locale === 'no' ? '149,50' : '149.50');
		await expect(admin.getByTestId('audit-trail')).toContainText(
			t.price(locale === 'no' ? '149,50' : '149.50')
		);

		await shopper.goto(`/${locale}/shop?category=${product.category}`);
		await expect(shopper.getByRole('main')).toContainText(
			t.price(locale === 'no' ? '149,50' : '149.50')
		);
		await shopper.goto(`/${locale}/shop/${product.slug}`);
		await expect(shopper.getByRole('main')).toContainText(t.left(4));
		await admin.context().close();
	});

	test(`/${locale}: an order bought on the simulator is refunded from its admin page, and its stock comes back once`, async ({
		browser,
		baseURL,
		page: buyer
	}) => {
		const product = ownProduct(5, 5_000);
		await buyer.goto(`/${locale}/shop/${product.slug}`);
		await buyer.getByLabel(locale === 'no' ? 'Antall' : 'Quantity').fill('2');
		await buyer.getByRole('button', { name: t.add }).click();
		await buyer.getByRole('link', { name: t.checkout }).click();
		await buyer.locator('#field-name').fill('Kari Nordmann');
		await buyer.locator('#field-email').fill('kari@example.org');
		await buyer.locator('#field-phone').fill('912 34 567');
		await buyer.getByLabel(t.terms).check();
		await buyer.getByRole('button', { name: t.pay }).click();
		await buyer.getByRole('button', { name: t.approve }).click();
		await expect(buyer).toHaveURL(new RegExp(`/${locale}/shop/order/[0-9a-f-]+\\?success=true$`));
		const orderId = /order\/([0-9a-f-]+)/.exec(buyer.url())![1]!;
		await buyer.goto(`/${locale}/shop/${product.slug}`);
		await expect(buyer.getByRole('main')).toContainText(t.left(3));

		const admin = await adminPage(browser, baseURL!);
		await admin.goto(`/${locale}/admin/shop/orders/${orderId}`);
		await admin.getByRole('button', { name: t.refund }).click();
		await expect(admin.getByText(t.refunded)).toBeVisible();
		await expect(admin.getByTestId('admin-order-status')).toHaveText(t.refundedStatus);
		await expect(admin.getByRole('button', { name: t.refund })).toHaveCount(0);
		await expect(admin.getByTestId('admin-order-events').locator('tbody tr')).toHaveCount(5);

		// Back once: five left, not seven.
		await buyer.goto(`/${locale}/shop/${product.slug}`);
		await expect(buyer.getByRole('main')).toContainText(t.left(5));
		await admin.goto(`/${locale}/admin/shop/products/${product.id}`);
		await expect(admin.getByTestId('stock-now')).toContainText(
			locale === 'no'
				? '0 solgt, 0 i handlekurver, 5 igjen å selge.'
				: '0 sold, 0 in carts, 5 left to sell.'
		);
		await admin.context().close();
	});

	test(`/${locale}: the dashboard and the product list say the last unit is reserved in a cart and may come back, and when`, async ({
		browser,
		baseURL
	}) => {
		const product = ownProduct(1, 10_000);
		const heldUntil = new Date(Date.now() + 7 * 60_000);
		e2eDb((d) => {
			// Named to sort first: the dashboard lists ten products running low, by name.
			d.prepare('update products set name_no = ?, name_en = ? where id = ?').run(
				`0 ${product.slug}`,
				`0 ${product.slug}`,
				product.id
			);
			d.prepare(
				'insert into cart_reservations (id, cart_id, product_id, quantity, created_at, expires_at) values (?, ?, ?, 1, ?, ?)'
			).run(
				randomUUID(),
				randomUUID(),
				product.id,
				new Date().toISOString(),
				heldUntil.toISOString()
			);
		});
		const up = new Date(Math.ceil(heldUntil.getTime() / 60_000) * 60_000);
		const time = new Intl.DateTimeFormat(locale === 'no' ? 'nb-NO' : 'en-GB', {
			timeStyle: 'short',
			timeZone: 'Europe/Oslo'
		}).format(up);
		const said =
			locale === 'no'
				? `Ingen ledige: reservert i handlekurver, kan komme tilbake kl. ${time}`
				: `None free: reserved in carts, may come back at ${time}`;

		const admin = await adminPage(browser, baseURL!);
		await admin.goto(`/${locale}/admin`);
		await expect(
			admin.getByTestId('dash-stock').getByRole('listitem').filter({ hasText: product.slug })
		).toContainText(said);
		await admin.goto(`/${locale}/admin/shop/products?q=${product.slug}`);
		await expect(admin.getByTestId('admin-product-available')).toHaveText(said);
		await admin.context().close();
	});

	test(`/${locale}: a product's history and an order's log say in words what changed and who did it`, async ({
		browser,
		baseURL
	}) => {
		const w = {
			no: {
				unit: 'Enhet',
				category: 'Kategori',
				altNo: 'Bildebeskrivelse (Norsk)',
				altEn: 'Bildebeskrivelse (Engelsk)',
				savePicture: 'Lagre bildet',
				unitName: 'Arrangementsutvalget',
				categoryName: 'Klær'
			},
			en: {
				unit: 'Unit',
				category: 'Category',
				altNo: 'Image description (Norwegian)',
				altEn: 'Image description (English)',
				savePicture: 'Save the picture',
				unitName: 'Events Committee',
				categoryName: 'Clothing'
			}
		}[locale];
		const product = ownProduct(3, 10_000);
		e2eDb((d) =>
			d
				.prepare("update products set image = '/images/products/mug.svg' where id = ?")
				.run(product.id)
		);
		const admin = await adminPage(browser, baseURL!);
		await admin.goto(`/${locale}/admin/shop/products/${product.id}`);
		await admin.getByLabel(w.unit, { exact: true }).selectOption('events-oslo');
		await admin.getByLabel(w.category, { exact: true }).selectOption('clothing');
		await admin.getByRole('button', { name: t.save, exact: true }).click();
		await expect(admin.getByText(t.saved)).toBeVisible();
		await admin.getByLabel(w.altNo).fill('Et krus');
		await admin.getByLabel(w.altEn).fill('A mug');
		await admin.getByRole('button', { name: w.savePicture }).click();
		const history = admin.getByTestId('audit-trail');
		await expect(history.locator('tbody tr')).toHaveCount(2);
		await expect(history).toContainText(`${w.unit}: — → ${w.unitName}`);
		const ownCategory = `${locale === 'no' ? 'Kategori' : 'Category'} ${product.category.slice(4)}`;
		await expect(history).toContainText(`${w.category}: ${ownCategory} → ${w.categoryName}`);
		await expect(history).toContainText(`${w.altEn}: — → A mug`);
		const said = await history.innerText();
		expect(said).not.toMatch(/events-oslo|clothing|unitId|image_alt|image_file_id|\bimage\b/);

		// The log of an order: the buyer, the payment service, the check that settles orders and
		// the admin, each in words; no account's id.
		const { id: adminId } = await e2eAdmin();
		const orderId = ownOrder();
		const buyerId = e2eDb(
			(d) =>
				(d.prepare('select user_id from orders where id = ?').get(orderId) as { user_id: string })
					.user_id
		);
		const at = new Date().toISOString();
		e2eDb((d) => {
			d.prepare('delete from order_events where order_id = ?').run(orderId);
			const insert = d.prepare(
				'insert into order_events (id, order_id, from_status, to_status, actor, at, note) values (?, ?, ?, ?, ?, ?, null)'
			);
			insert.run(randomUUID(), orderId, null, 'pending', `checkout:${buyerId}`, at);
			insert.run(randomUUID(), orderId, 'pending', 'authorized', 'callback:simulator', at);
			insert.run(randomUUID(), orderId, 'authorized', 'paid', `return:${buyerId}`, at);
			insert.run(randomUUID(), orderId, 'paid', 'refunding', `admin:${adminId}`, at);
			insert.run(randomUUID(), orderId, 'refunding', 'refunded', 'reconcile:cron', at);
		});
		await admin.goto(`/${locale}/admin/shop/orders/${orderId}`);
		const log = admin.getByTestId('admin-order-events');
		await expect(log.locator('tbody tr')).toHaveCount(5);
		const byColumn = await log.locator('tbody tr td:nth-child(4)').allInnerTexts();
		expect(byColumn[3]).toBe('Ada Admin');
		for (const by of byColumn) {
			expect(by).not.toMatch(/[0-9a-f]{8}-|checkout|callback|return|admin:|reconcile|cron/);
			expect(by.length).toBeGreaterThan(0);
		}
		expect(await log.locator('code').count()).toBe(0);
		await admin.context().close();
	});

	test(`/${locale}: counts of one are said in the singular: one order, one person, a product in one order`, async ({
		browser,
		baseURL
	}) => {
		const { id: buyerId, email } = await e2eAccount('Eline Enkelt');
		const product = ownProduct(3, 10_000);
		const orderId = randomUUID();
		const now = new Date();
		e2eDb((d) => {
			d.prepare(
				`insert into orders (id, user_id, status, provider, provider_session_id, total_ore, buyer_name,
				buyer_email, buyer_phone, cart_id, created_at, updated_at, locale)
				values (?, ?, 'paid', 'simulator', null, 10000, 'Eline Enkelt', ?, '12345678', null, ?, ?, 'no')`
			).run(orderId, buyerId, email, now.toISOString(), now.toISOString());
			d.prepare(
				"insert into order_lines (id, order_id, product_id, name, unit_price_ore, quantity) values (?, ?, ?, 'Testvare', 10000, 1)"
			).run(randomUUID(), orderId, product.id);
			d.prepare(
				"insert into memberships (id, user_id, order_id, product_id, starts_at, ends_at, created_at) values (?, ?, ?, 'membership-year-student', ?, ?, ?)"
			).run(
				randomUUID(),
				buyerId,
				orderId,
				now.toISOString(),
				new Date(now.getTime() + 300 * 86_400_000).toISOString(),
				now.toISOString()
			);
		});
		const admin = await adminPage(browser, baseURL!);
		await admin.goto(`/${locale}/admin/shop/orders?q=${encodeURIComponent(email)}`);
		await expect(admin.getByTestId('orders-totals')).toHaveText(
			locale === 'no' ? /^1 ordre, / : /^1 order, /
		);
		await admin.goto(`/${locale}/admin/shop/memberships?q=${encodeURIComponent(email)}`);
		await expect(admin.getByTestId('holders-count')).toHaveText('1 person');
		await admin.goto(`/${locale}/admin/shop/products/${product.id}`);
		await admin
			.getByRole('button', { name: locale === 'no' ? 'Slett produktet' : 'Delete the product' })
			.click();
		await expect(admin.getByRole('main')).toContainText(
			locale === 'no' ? 'det er brukt i 1 ordre.' : 'it is used in 1 order.'
		);
		await admin.context().close();
	});

	for (const [name, path] of PAGE_TYPES) {
		test(`/${locale}: axe finds nothing on the admin's ${name}`, async ({ browser, baseURL }) => {
			const admin = await adminPage(browser, baseURL!);
			await admin.goto(`/${locale}${path()}`);
			await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
			expect(await axeViolations(admin)).toEqual([]);
			await admin.context().close();
		});
	}

	test(`/${locale}: axe finds nothing on a product form showing its errors`, async ({
		browser,
		baseURL
	}) => {
		const admin = await adminPage(browser, baseURL!);
		await admin.goto(`/${locale}/admin/shop/products/new`);
		await admin.locator('#nameNo').fill('Pledd');
		await admin.locator('#price').fill('ti kroner');
		await admin.getByRole('button', { name: t.create }).click();
		await expect(admin.locator('#price-error')).toHaveText(t.priceError);
		expect(await axeViolations(admin)).toEqual([]);
		await admin.context().close();
	});
}

test.describe('without JavaScript', () => {
	for (const locale of ['no', 'en'] as const) {
		const t = TEXT[locale];
		test(`/${locale}: a new product is refused for a bad price with what was typed kept, then created`, async ({
			browser,
			baseURL
		}) => {
			const admin = await adminPage(browser, baseURL!, false);
			const name = `Pledd ${randomUUID().slice(0, 6)}`;
			await admin.goto(`/${locale}/admin/shop/products/new`);
			await admin.locator('#nameNo').fill(name);
			await admin.locator('#nameEn').fill('Blanket');
			await admin.locator('#price').fill('tre hundre');
			await admin.locator('#stock').fill('12');
			await admin.getByRole('button', { name: t.create }).click();

			await expect(admin.getByRole('alert').first()).toBeVisible();
			await expect(admin.locator('#price')).toHaveAttribute('aria-invalid', 'true');
			await expect(admin.locator('#price-error')).toHaveText(t.priceError);
			await expect(admin.locator('#nameNo')).toHaveValue(name);
			await expect(admin.locator('#price')).toHaveValue('tre hundre');
			await expect(admin.locator('#stock')).toHaveValue('12');

			await admin.locator('#price').fill('300');
			await admin.getByRole('button', { name: t.create }).click();
			await expect(admin).toHaveURL(
				new RegExp(`/${locale}/admin/shop/products/[0-9a-f-]+\\?created=1$`)
			);
			await expect(admin.getByText(t.created)).toBeVisible();
			await expect(admin.locator('#slug')).toHaveValue(/^pledd-/);
			await admin.context().close();
		});
	}
});
