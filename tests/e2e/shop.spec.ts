import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, e2eDb } from '../helpers/e2e';
import { holdScripts } from '../helpers/slow-scripts';

// The buy flow as a shopper meets it, in both languages: product page → cart → checkout → the
// simulator's payment page → the order page (paid) or back to the cart (cancelled).

const TEXT = {
	no: {
		add: 'Legg i handlekurven',
		checkout: 'Gå til kassen',
		pay: 'Gå til betaling',
		approve: 'Godkjenn betalingen',
		cancel: 'Avbryt betalingen',
		success: 'Takk! Betalingen er bekreftet.',
		paid: 'Betalt',
		cancelled: 'Betalingen ble avbrutt, og ingenting er trukket.',
		terms: 'Jeg godtar salgsvilkårene',
		termsError: 'Du må godta salgsvilkårene.'
	},
	en: {
		add: 'Add to cart',
		checkout: 'Go to checkout',
		pay: 'Go to payment',
		approve: 'Approve payment',
		cancel: 'Cancel payment',
		success: 'Thank you! Your payment is confirmed.',
		paid: 'Paid',
		cancelled: 'The payment was cancelled and nothing was charged.',
		terms: 'I accept the terms of sale',
		termsError: 'You must accept the terms of sale.'
	}
} as const;

type Locale = keyof typeof TEXT;

async function toPayment(page: Page, locale: Locale, options: { skipTermsFirst?: boolean } = {}) {
	const t = TEXT[locale];
	await page.goto(`/${locale}/shop/sticker`);
	await page.getByLabel(locale === 'no' ? 'Antall' : 'Quantity').fill('2');
	await page.getByRole('button', { name: t.add }).click();
	await expect(page).toHaveURL(new RegExp(`/${locale}/shop/cart\\?added=sticker$`));
	await expect(page.getByTestId('cart-line')).toHaveCount(1);
	await page.getByRole('link', { name: t.checkout }).click();
	await expect(page).toHaveURL(new RegExp(`/${locale}/shop/checkout$`));
	await expect(page.getByTestId('checkout-line')).toHaveCount(1);
	await page.locator('#field-name').fill('Kari Nordmann');
	await page.locator('#field-email').fill('kari@example.org');
	await page.locator('#field-phone').fill('912 34 567');
	if (options.skipTermsFirst) {
		await page.getByRole('button', { name: t.pay }).click();
		await expect(page.getByText(t.termsError)).toBeVisible();
	}
	await page.getByLabel(t.terms).check();
	await page.getByRole('button', { name: t.pay }).click();
	await expect(page).toHaveURL(/\/dev\/pay\/sim_/);
	await expect(page.getByTestId('simulator-amount')).toContainText('40');
}

for (const locale of ['no', 'en'] as const) {
	const t = TEXT[locale];

	test(`/${locale}: buy, approve on the simulator, the order page shows paid and success=true`, async ({
		page
	}) => {
		await toPayment(page, locale, { skipTermsFirst: true });
		await page.getByRole('button', { name: t.approve }).click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/shop/order/[0-9a-f-]+\\?success=true$`));
		await expect(page.getByTestId('order-success')).toHaveText(t.success);
		await expect(page.getByTestId('order-status')).toHaveText(t.paid);
		await expect(page.getByTestId('order-line')).toHaveCount(1);
	});

	test(`/${locale}: cancel on the simulator lands on the cart with the cancelled message`, async ({
		page
	}) => {
		await toPayment(page, locale);
		await page.getByRole('button', { name: t.cancel }).click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/shop/cart\\?cancelled=true$`));
		await expect(page.getByTestId('cart-cancelled')).toHaveText(new RegExp(t.cancelled));
	});
}

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false });

	for (const locale of ['no', 'en'] as const) {
		const t = TEXT[locale];
		test(`/${locale}: the whole buy flow works with plain form posts`, async ({ page }) => {
			await toPayment(page, locale, { skipTermsFirst: true });
			await page.getByRole('button', { name: t.approve }).click();
			await expect(page).toHaveURL(new RegExp(`/${locale}/shop/order/[0-9a-f-]+\\?success=true$`));
			await expect(page.getByTestId('order-status')).toHaveText(t.paid);
		});

		test(`/${locale}: cancel without JavaScript lands on the cart`, async ({ page }) => {
			await toPayment(page, locale);
			await page.getByRole('button', { name: t.cancel }).click();
			await expect(page).toHaveURL(new RegExp(`/${locale}/shop/cart\\?cancelled=true$`));
			await expect(page.getByTestId('cart-cancelled')).toBeVisible();
		});
	}
});

test('with JavaScript, a refused quantity is said in place, the typed number stays, and the button works again', async ({
	page
}) => {
	await page.goto('/en/shop/mug');
	const quantity = page.getByLabel('Quantity');
	const add = page.getByRole('button', { name: 'Add to cart' });
	let posts = 0;
	page.on('request', (r) => {
		if (r.method() === 'POST') posts += 1;
	});

	// Over the mug's limit of 4 per order: the server refuses, the page stays.
	await quantity.fill('6');
	await add.click();
	await expect(page.getByRole('alert')).toHaveText(
		'You cannot buy more of this item in one order.'
	);
	await expect(page).toHaveURL(/\/en\/shop\/mug$/);
	await expect(quantity).toHaveValue('6');
	await expect(add).toBeEnabled();

	// Not a whole number: the field says so, and points to its message.
	await quantity.fill('1.5');
	await add.click();
	await expect(page.locator('#quantity-error')).toHaveText(
		'The quantity must be a whole number from 1 to 99.'
	);
	await expect(quantity).toHaveAttribute('aria-invalid', 'true');
	expect(posts).toBe(2);

	await quantity.fill('2');
	await add.click();
	await expect(page).toHaveURL(/\/en\/shop\/cart\?added=mug$/);
});

test('a quantity typed before the scripts arrive is kept when they do', async ({ page }) => {
	const release = await holdScripts(page);
	await page.goto('/en/shop/mug', { waitUntil: 'commit' });
	const quantity = page.getByLabel('Quantity');
	await quantity.fill('3');
	release();
	await page.waitForLoadState('networkidle');
	await expect(quantity).toHaveValue('3');
	await page.getByRole('button', { name: 'Add to cart' }).click();
	await expect(page).toHaveURL(/\/en\/shop\/cart\?added=mug$/);
	await expect(page.getByLabel(/^Quantity of /)).toHaveValue('3');
});

for (const [locale, words] of [
	[
		'no',
		{
			add: 'Legg i handlekurven',
			quantity: 'Antall Klistremerke',
			update: 'Oppdater',
			held: /^Holdes av i \d+:\d\d$/
		}
	],
	[
		'en',
		{
			add: 'Add to cart',
			quantity: 'Quantity of Sticker',
			update: 'Update',
			held: /^Held for \d+:\d\d$/
		}
	]
] as const) {
	test(`/${locale}: a cart quantity typed before the scripts arrive is kept when they do, and is the one updated`, async ({
		page
	}) => {
		await page.goto(`/${locale}/shop/sticker`);
		await page.getByRole('button', { name: words.add }).click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/shop/cart\\?added=sticker$`));

		const release = await holdScripts(page);
		await page.goto(`/${locale}/shop/cart`, { waitUntil: 'commit' });
		const quantity = page.getByLabel(words.quantity);
		await quantity.fill('3');
		release();
		// The countdown replaces the server's "held until 12:34" once the page has hydrated.
		await expect(page.getByTestId('reservation-timer')).toHaveText(words.held);
		await expect(quantity).toHaveValue('3');
		await page.getByRole('button', { name: words.update }).click();
		// Three stickers at 20 kr.
		await expect(page.getByTestId('cart-total')).toContainText('60');
		await page.reload();
		await expect(page.getByLabel(words.quantity)).toHaveValue('3');
	});
}

for (const locale of ['no', 'en'] as const) {
	test(`/${locale}: the shop's product pictures carry no words, so none is in the other language`, async ({
		page
	}) => {
		await page.goto(`/${locale}/shop`);
		const sources = await page
			.getByTestId('product-card')
			.locator('img')
			.evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
		expect(sources.length).toBeGreaterThan(0);
		for (const source of sources) {
			const response = await page.request.get(source);
			if (!response.headers()['content-type']?.includes('svg')) continue;
			expect(await response.text(), source).not.toMatch(/<text\b/);
		}
	});
}

/** A product of its own with `stock` units, `held` of them in a stranger's cart for 7 minutes. */
function partlyHeldProduct(stock: number, held: number) {
	const id = randomUUID();
	const tag = id.slice(0, 8);
	const heldUntil = new Date(Date.now() + 7 * 60_000);
	e2eDb((d) => {
		d.prepare(
			`insert into products (id, slug, unit_id, category, price_ore, member_price_ore, stock,
			max_per_order, image, featured, active, name_no, name_en, description_no, description_en)
			values (?, ?, null, ?, 10000, null, ?, null, null, 0, 1, ?, ?, 'Til testen.', 'For the test.')`
		).run(id, `e2e-${tag}`, `e2e-${tag}`, stock, `Testvare ${tag}`, `Test item ${tag}`);
		d.prepare(
			'insert into cart_reservations (id, cart_id, product_id, quantity, created_at, expires_at) values (?, ?, ?, ?, ?, ?)'
		).run(randomUUID(), randomUUID(), id, held, new Date().toISOString(), heldUntil.toISOString());
	});
	return { slug: `e2e-${tag}`, category: `e2e-${tag}`, heldUntil };
}

/** The time as the page says it: Oslo time, the minute rounded up. */
function clock(at: Date, locale: 'no' | 'en') {
	const up = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
	return new Intl.DateTimeFormat(locale === 'no' ? 'nb-NO' : 'en-GB', {
		timeStyle: 'short',
		timeZone: 'Europe/Oslo'
	}).format(up);
}

for (const [locale, words] of [
	[
		'no',
		{
			add: 'Legg i handlekurven',
			update: 'Oppdater',
			badge: (t: string) => `Reservert i handlekurver – kan bli ledig igjen kl. ${t}`,
			refused: (t: string) =>
				`De siste er reservert i andres handlekurver. De kan bli ledige igjen kl. ${t} hvis de ikke blir kjøpt.`
		}
	],
	[
		'en',
		{
			add: 'Add to cart',
			update: 'Update',
			badge: (t: string) => `Reserved in carts – may be available again at ${t}`,
			refused: (t: string) =>
				`The last ones are reserved in other carts. They may be available again at ${t}, if they are not bought.`
		}
	]
] as const) {
	test(`/${locale}: the last units held in another cart are "reserved, may be available again at …", not sold out, on the product, the shop's list and the cart`, async ({
		page
	}) => {
		const product = partlyHeldProduct(2, 1);
		const time = clock(product.heldUntil, locale);
		await page.goto(`/${locale}/shop/${product.slug}`);
		await page.getByRole('button', { name: words.add }).click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/shop/cart\\?added=`));

		// One more would be the stranger's: the cart says they may come back, and when.
		await page.locator('input[name="quantity"]').fill('2');
		await page.getByRole('button', { name: words.update }).click();
		await expect(page.getByRole('alert')).toHaveText(words.refused(time));

		await page.goto(`/${locale}/shop/${product.slug}`);
		const badge = page.locator('[data-stock]');
		await expect(badge).toHaveText(words.badge(time));
		await expect(badge).toHaveAttribute('data-stock', 'held');
		expect(await axeViolations(page)).toEqual([]);
		await page.getByRole('button', { name: words.add }).click();
		await expect(page.getByRole('alert')).toHaveText(words.refused(time));

		await page.goto(`/${locale}/shop?category=${product.category}`);
		await expect(page.getByTestId('product-card').locator('[data-stock]')).toHaveText(
			words.badge(time)
		);

		// The longer words fit a phone: on the card and the product page, nothing runs off the side.
		await page.setViewportSize({ width: 390, height: 844 });
		for (const path of [`/shop?category=${product.category}`, `/shop/${product.slug}`]) {
			await page.goto(`/${locale}${path}`);
			const shown = page.locator('main [data-stock]').first();
			await expect(shown).toHaveText(words.badge(time));
			const box = (await shown.boundingBox())!;
			expect(box.x + box.width).toBeLessThanOrEqual(390);
			expect(
				await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
			).toBe(true);
		}
	});
}

test("with JavaScript, a payment provider on another site is reached by leaving the app, not by the app's router", async ({
	page
}) => {
	// The simulator is on this site; a real provider (Vipps) answers the checkout with its own
	// address. The checkout's answer is replaced by such a redirect, and the provider's page by a stub.
	await page.route('https://pay.example/**', (route) =>
		route.fulfill({ contentType: 'text/html', body: '<h1>Provider</h1>' })
	);
	await page.route(/\/en\/shop\/checkout$/, async (route) => {
		if (route.request().method() !== 'POST') return route.continue();
		await route.fulfill({
			contentType: 'application/json',
			body: JSON.stringify({ type: 'redirect', status: 303, location: 'https://pay.example/s/1' })
		});
	});
	await page.goto('/en/shop/sticker');
	await page.getByRole('button', { name: 'Add to cart' }).click();
	await expect(page).toHaveURL(/\/en\/shop\/cart\?added=sticker$/);
	await page.goto('/en/shop/checkout');
	await page.locator('#field-name').fill('Kari Nordmann');
	await page.locator('#field-email').fill('kari@example.org');
	await page.locator('#field-phone').fill('912 34 567');
	await page.getByLabel('I accept the terms of sale').check();
	await page.getByRole('button', { name: 'Go to payment' }).click();
	await expect(page).toHaveURL('https://pay.example/s/1');
	await expect(page.getByRole('heading', { name: 'Provider' })).toBeVisible();
});
