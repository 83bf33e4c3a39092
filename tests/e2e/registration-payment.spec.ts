import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations, E2E_DB, e2eAccount, e2eDb, e2eSession } from '../helpers/e2e';
import { copyEvent, openRegistration } from '../helpers/registration';

// A paid event's seat paid through the simulator, in both languages. The event page's
// registration form is built elsewhere; here the member registers over the JSON API in the
// browser's own session (page.request), then pays from the order page as a buyer would: the
// order page → the simulator's payment page → back on the order page, paid.

const TEXT = {
	no: { title: 'Julebord', pay: 'Betal nå', approve: 'Godkjenn betalingen', paid: 'Betalt' },
	en: { title: 'Christmas party', pay: 'Pay now', approve: 'Approve payment', paid: 'Paid' }
} as const;

async function payForSeat(
	{ page, context, baseURL }: { page: Page; context: BrowserContext; baseURL?: string },
	locale: keyof typeof TEXT,
	options: { axe?: boolean } = {}
) {
	const t = TEXT[locale];
	const { id } = await e2eAccount('Pia Paying');
	// The order names the event in the member's own language.
	e2eDb((d) => d.prepare('update users set locale = ? where id = ?').run(locale, id));
	await e2eSession(context, baseURL!, id);
	const event = copyEvent(E2E_DB);
	openRegistration(E2E_DB, event, { capacity: 10, priceOtherOre: 25_000 });

	const api = `/api/events/${event}/registration`;
	const registered = await page.request.post(api, {
		data: {},
		headers: { origin: baseURL! }
	});
	expect(registered.status()).toBe(200);
	const seat = (await registered.json()) as { status: string; payBy?: string; orderId?: string };
	expect(seat).toMatchObject({ status: 'confirmed', payBy: expect.any(String) });

	await page.goto(`/${locale}/shop/order/${seat.orderId}`);
	await expect(page.getByTestId('order-line')).toContainText(t.title);
	if (options.axe) expect(await axeViolations(page)).toEqual([]);
	await page.getByRole('button', { name: t.pay }).click();
	await expect(page).toHaveURL(/\/dev\/pay\/sim_/);
	await expect(page.getByTestId('simulator-amount')).toContainText('250');
	await page.getByRole('button', { name: t.approve }).click();
	await expect(page).toHaveURL(new RegExp(`/${locale}/shop/order/${seat.orderId}\\?success=true$`));
	await expect(page.getByTestId('order-status')).toHaveText(t.paid);
	await expect(page.getByRole('button', { name: t.pay })).toHaveCount(0);

	const mine = (await (await page.request.get(api)).json()) as { mine: Record<string, unknown> };
	expect(mine.mine).toEqual({ status: 'confirmed', pool: null, orderId: seat.orderId });
}

for (const locale of ['no', 'en'] as const) {
	test(`/${locale}: a seat on a paid event is paid from its order page through the simulator`, async ({
		page,
		context,
		baseURL
	}) => {
		await payForSeat({ page, context, baseURL }, locale, { axe: true });
	});

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false });
		test(`/${locale}: the order page's payment is a plain form post`, async ({
			page,
			context,
			baseURL
		}) => {
			await payForSeat({ page, context, baseURL }, locale);
		});
	});
}
