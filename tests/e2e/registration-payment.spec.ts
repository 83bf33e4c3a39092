import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations, E2E_DB, e2eAccount, e2eDb, e2eSession } from '../helpers/e2e';
import { COPY_TITLE, copyEvent, openRegistration } from '../helpers/registration';

// A paid event's seat paid through the simulator, in both languages, with and without JavaScript:
// the member registers on the event's page, follows its link to the order, and pays as a buyer
// would: the order page → the simulator's payment page → back on the order page, paid.

const TEXT = {
	no: {
		title: COPY_TITLE.no,
		register: 'Meld meg på',
		payBy: /^Betal innen/,
		payLink: 'Gå til betaling',
		pay: 'Betal nå',
		approve: 'Godkjenn betalingen',
		paid: 'Betalt'
	},
	en: {
		title: COPY_TITLE.en,
		register: 'Register',
		payBy: /^To pay by/,
		payLink: 'Go to payment',
		pay: 'Pay now',
		approve: 'Approve payment',
		paid: 'Paid'
	}
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

	// Registered on the event's page (a plain post without JavaScript): the seat is held until paid.
	await page.goto(`/${locale}/events/${event}`);
	await page.getByRole('button', { name: t.register }).click();
	await expect(page.getByText(t.payBy)).toBeVisible();
	await page.getByRole('link', { name: t.payLink }).click();
	await expect(page).toHaveURL(new RegExp(`/${locale}/shop/order/[^/?]+$`));
	const orderId = new URL(page.url()).pathname.split('/').pop()!;
	const api = `/api/events/${event}/registration`;
	const seat = (await (await page.request.get(api)).json()) as {
		mine: { status: string; payBy?: string; orderId?: string };
	};
	expect(seat.mine).toMatchObject({ status: 'confirmed', payBy: expect.any(String), orderId });

	await expect(page.getByTestId('order-line')).toContainText(t.title);
	if (options.axe) expect(await axeViolations(page)).toEqual([]);
	await page.getByRole('button', { name: t.pay }).click();
	await expect(page).toHaveURL(/\/dev\/pay\/sim_/);
	await expect(page.getByTestId('simulator-amount')).toContainText('250');
	await page.getByRole('button', { name: t.approve }).click();
	await expect(page).toHaveURL(new RegExp(`/${locale}/shop/order/${orderId}\\?success=true$`));
	await expect(page.getByTestId('order-status')).toHaveText(t.paid);
	await expect(page.getByRole('button', { name: t.pay })).toHaveCount(0);

	const mine = (await (await page.request.get(api)).json()) as { mine: Record<string, unknown> };
	expect(mine.mine).toEqual({ status: 'confirmed', pool: null, orderId: orderId });
}

for (const locale of ['no', 'en'] as const) {
	test(`/${locale}: a seat registered on a paid event's page is paid from its order page through the simulator`, async ({
		page,
		context,
		baseURL
	}) => {
		await payForSeat({ page, context, baseURL }, locale, { axe: true });
	});

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false });
		test(`/${locale}: registering on the event page and paying from the order page are plain form posts`, async ({
			page,
			context,
			baseURL
		}) => {
			await payForSeat({ page, context, baseURL }, locale);
		});
	});
}
