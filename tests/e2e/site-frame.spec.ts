import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { axeViolations, e2eAccount, e2eAdmin, e2eDb, e2eSession, themedPage } from '../helpers/e2e';

// The frame around every page as a first-time visitor meets it (issue 30): the header on one line
// for visitors, members and staff, the way back to the cart, the assistant's button that never
// covers what a person reads or types, links that look like links, one title pattern, cards of
// one height, and where the focus goes after a navigation or a submit.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SIZES = { desktop: DESKTOP, phone: PHONE } as const;
type Locale = 'no' | 'en';

const TEXT = {
	no: {
		quantity: 'Antall',
		add: 'Legg i handlekurven',
		pay: 'Gå til betaling',
		termsError: 'Du må godta salgsvilkårene.',
		menu: 'Meny',
		contact: 'Kontakt',
		send: 'Send melding',
		sent: 'Takk, meldingen din er sendt.',
		name: 'Navnet ditt',
		email: 'E-postadressen din',
		subject: 'Emne',
		message: 'Melding'
	},
	en: {
		quantity: 'Quantity',
		add: 'Add to cart',
		pay: 'Go to payment',
		termsError: 'You must accept the terms of sale.',
		menu: 'Menu',
		contact: 'Contact',
		send: 'Send message',
		sent: 'Thank you, your message has been sent.',
		name: 'Your name',
		email: 'Your email address',
		subject: 'Subject',
		message: 'Message'
	}
} as const;

async function open(browser: Browser, viewport: { width: number; height: number }, js = true) {
	const context = await browser.newContext({ viewport, javaScriptEnabled: js });
	return { context, page: await context.newPage() };
}

// Stickers: their stock has no end, so that every test finds some left (hoodies run out).
async function addStickers(page: Page, locale: Locale, quantity: number) {
	const t = TEXT[locale];
	await page.goto(`/${locale}/shop/sticker`);
	await page.getByLabel(t.quantity).fill(String(quantity));
	await page.getByRole('button', { name: t.add }).click();
	await expect(page).toHaveURL(new RegExp(`/${locale}/shop/cart\\?added=sticker$`));
}

test.describe('the way back to the cart', () => {
	for (const locale of ['no', 'en'] as const) {
		for (const [size, viewport] of Object.entries(SIZES)) {
			for (const js of [true, false]) {
				test(`${locale}, ${size}, ${js ? 'with' : 'without'} JavaScript: with five stickers in the cart, every page links to it with the count and the end of the hold`, async ({
					browser
				}) => {
					const { context, page } = await open(browser, viewport, js);
					await addStickers(page, locale, 5);
					for (const path of ['', '/events', '/news/news-new-board', '/shop']) {
						await page.goto(`/${locale}${path}`);
						const link = page.getByRole('banner').getByTestId('cart-link');
						await expect(link).toBeVisible();
						await expect(link).toHaveAttribute('href', `/${locale}/shop/cart`);
						await expect(link).toContainText('5');
						// The accessible name says what it is: the count and until when it is held.
						await expect(link).toHaveAccessibleName(
							locale === 'no'
								? /^Handlekurven: 5 stk\., holdes til \d\d:\d\d$/
								: /^Cart: 5 items, held until \d\d:\d\d$/
						);
					}
					await page.getByRole('banner').getByTestId('cart-link').click();
					await expect(page).toHaveURL(new RegExp(`/${locale}/shop/cart$`));
					await context.close();
				});
			}
		}
	}

	test('a page kept for visitors without a cart never shows another visitor’s cart, nor theirs to others', async ({
		browser
	}) => {
		const first = await open(browser, DESKTOP);
		await first.page.goto('/no/events');
		await expect(first.page.getByTestId('cart-link')).toHaveCount(0);

		const shopper = await open(browser, DESKTOP);
		await addStickers(shopper.page, 'no', 2);
		await shopper.page.goto('/no/events');
		await expect(shopper.page.getByTestId('cart-link')).toContainText('2');

		const next = await open(browser, DESKTOP);
		await next.page.goto('/no/events');
		await expect(next.page.getByRole('heading', { level: 1 })).toBeVisible();
		await expect(next.page.getByTestId('cart-link')).toHaveCount(0);
		for (const c of [first, shopper, next]) await c.context.close();
	});
});

/**
 * Whether something else is drawn over part of `target` when it is at the bottom of the screen,
 * where a button fixed in a corner sits: points across its width must hit the target itself.
 */
async function isCovered(target: Locator): Promise<boolean> {
	await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
	return target.evaluate((el) => {
		const box = el.getBoundingClientRect();
		const y = box.top + box.height / 2;
		for (let i = 1; i < 10; i++) {
			const hit = document.elementFromPoint(box.left + (box.width * i) / 10, y);
			if (hit && !el.contains(hit) && !hit.contains(el)) return true;
		}
		return false;
	});
}

test.describe('the assistant’s button', () => {
	for (const [size, viewport] of Object.entries(SIZES)) {
		for (const locale of ['no', 'en'] as const) {
			test(`${locale}, ${size}: never covers the checkout’s terms error, the contact form or the claim form’s total`, async ({
				browser,
				baseURL
			}) => {
				const t = TEXT[locale];
				const { context, page } = await open(browser, viewport);
				await addStickers(page, locale, 1);
				await page.goto(`/${locale}/shop/checkout`);
				await page.waitForLoadState('networkidle');
				await page.getByRole('button', { name: t.pay }).click();
				const error = page.getByText(t.termsError);
				await expect(error).toBeVisible();
				expect(await isCovered(error)).toBe(false);
				expect(await isCovered(page.getByRole('button', { name: t.pay }))).toBe(false);

				await page.goto(`/${locale}/contact`);
				expect(await isCovered(page.getByRole('button', { name: t.send }))).toBe(false);
				for (const field of await page.locator('main textarea, main input:visible').all()) {
					expect(await isCovered(field)).toBe(false);
				}

				const member = await e2eAccount('Tove Total');
				await e2eSession(context, baseURL!, member.id);
				await page.goto(`/${locale}/fs/new`);
				expect(await isCovered(page.getByTestId('running-total'))).toBe(false);
				await context.close();
			});
		}

		test(`${size}: is not on the safety pages, and hides behind its own dialog`, async ({
			browser
		}) => {
			const { context, page } = await open(browser, viewport);
			for (const path of ['/no/safety', '/no/safety/report', '/en/safety/follow-up']) {
				await page.goto(path);
				await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
				await expect(page.getByTestId('assistant-open')).toHaveCount(0);
			}
			await page.goto('/en/events');
			await page.waitForLoadState('networkidle');
			await page.getByTestId('assistant-open').click();
			await expect(page.getByTestId('assistant-dialog')).toBeVisible();
			await expect(page.getByTestId('assistant-open')).toBeHidden();
			await page.keyboard.press('Escape');
			await expect(page.getByTestId('assistant-dialog')).toHaveCount(0);
			await expect(page.getByTestId('assistant-open')).toBeFocused();
			await context.close();
		});
	}
});

/** Links in main that are drawn as text (no background or border of their own) and not underlined. */
async function plainLinks(page: Page): Promise<string[]> {
	return page.locator('main a:visible, footer a:visible').evaluateAll((links) =>
		links
			.filter((a) => {
				const style = getComputedStyle(a);
				const drawn = style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.borderStyle !== 'none';
				return !drawn && !style.textDecorationLine.includes('underline');
			})
			.map((a) => a.textContent!.trim())
	);
}

test.describe('links look like links', () => {
	for (const theme of ['light', 'dark'] as const) {
		test(`${theme}: links in text, “continue shopping”, “download PDF” and Markdown links are underlined`, async ({
			browser,
			baseURL
		}) => {
			e2eDb((d) =>
				d
					.prepare(
						"update news set body_no = 'Les [personvernerklæringen](/no/privacy).', body_en = 'Read [the privacy notice](/en/privacy).' where id = 'news-cup'"
					)
					.run()
			);
			const { context, page } = await themedPage(browser, baseURL!, theme, { viewport: DESKTOP });
			const found: Record<string, string[]> = {};
			for (const path of [
				'/no',
				'/no/shop/cart',
				'/en/shop/checkout',
				'/no/news/news-cup',
				'/en/units/board-oslo',
				'/en/jobs/treasurer-oslo',
				'/no/contact'
			]) {
				await page.goto(path);
				found[path] = await plainLinks(page);
			}
			const member = await e2eAccount('Pia Pdf');
			await e2eSession(context, baseURL!, member.id);
			await page.goto('/no/fs/new');
			await page.waitForLoadState('networkidle');
			found['/no/profile'] = await plainLinks(page);
			expect(found).toEqual(
				Object.fromEntries(Object.keys(found).map((k) => [k, []] as [string, string[]]))
			);
			// The Markdown link is one of those checked.
			await page.goto('/en/news/news-cup');
			await expect(page.getByRole('link', { name: 'the privacy notice' })).toHaveCSS(
				'text-decoration-line',
				'underline'
			);
			await context.close();
		});
	}
});

/** The visible parts of the header's top row: every one on a single line. */
async function headerLines(page: Page) {
	const header = page.getByRole('banner');
	const box = (await header.boundingBox())!;
	const tops = await header
		.locator('a:visible, button:visible, summary:visible, input:visible, select:visible')
		.evaluateAll((els) =>
			els
				.map((el) => el.getBoundingClientRect())
				.filter((r) => r.width > 0 && r.bottom < 100)
				.map((r) => Math.round(r.top + r.height / 2))
		);
	return { height: box.height, centres: [...new Set(tops)] };
}

test.describe('the header', () => {
	for (const locale of ['no', 'en'] as const) {
		test(`${locale}: one line at 1280 px for a visitor, a member and staff with news in the inbox`, async ({
			browser,
			baseURL,
			request
		}) => {
			// Something new in the inbox: a message through the contact form.
			const form = await request.post(`/${locale}/contact`, {
				form: {
					name: 'Ola',
					email: 'ola@example.org',
					subject: 'Hei',
					message: 'Kan vi låne salen?'
				},
				headers: { origin: baseURL! }
			});
			expect(form.status()).toBeLessThan(400);

			const { context, page } = await open(browser, DESKTOP);
			const check = async () => {
				await page.goto(`/${locale}/events`);
				const { height, centres } = await headerLines(page);
				expect(height).toBeLessThan(80);
				expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2);
				await expect(
					page.getByRole('navigation', { name: /Main menu|Hovedmeny/ }).first()
				).toBeVisible();
			};
			await check();
			const member = await e2eAccount('Mona Member');
			await e2eSession(context, baseURL!, member.id);
			await check();
			await context.clearCookies();
			const admin = await e2eAdmin();
			await e2eSession(context, baseURL!, admin.id);
			await check();
			// The count is compact: a number, with the words for screen readers.
			const count = page.getByTestId('account-menu').locator('summary');
			await expect(count).toBeVisible();
			await expect(count).toContainText(/\d/);
			expect((await count.boundingBox())!.width).toBeLessThan(200);
			await context.close();
		});
	}

	for (const locale of ['no', 'en'] as const) {
		test(`${locale}, phone: the menu is a button, opens without JavaScript, and the header stays on one line`, async ({
			browser
		}) => {
			for (const js of [true, false]) {
				const { context, page } = await open(browser, PHONE, js);
				await page.goto(`/${locale}/events`);
				const button = page.getByRole('banner').locator('summary:visible');
				// A button: a frame of its own, and no bare disclosure triangle.
				const look = await button.evaluate((el) => {
					const style = getComputedStyle(el);
					return { display: style.display, border: style.borderStyle };
				});
				expect(look).toEqual({ display: 'flex', border: 'solid' });
				await expect(button).toHaveText(TEXT[locale].menu);
				const { height, centres } = await headerLines(page);
				expect(height).toBeLessThan(80);
				expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2);
				await button.click();
				const menu = page.getByRole('navigation', { name: /Main menu|Hovedmeny/ }).last();
				await expect(menu).toBeVisible();
				await menu.getByRole('link', { name: TEXT[locale].contact }).click();
				await expect(page).toHaveURL(new RegExp(`/${locale}/contact$`));
				await context.close();
			}
		});
	}

	for (const theme of ['light', 'dark'] as const) {
		test(`${theme}: no axe violations with a cart, and with the staff's account menu open`, async ({
			browser,
			baseURL
		}) => {
			const { context, page } = await themedPage(browser, baseURL!, theme, { viewport: DESKTOP });
			await addStickers(page, 'no', 1);
			await page.goto('/no/events');
			expect(await axeViolations(page)).toEqual([]);
			const admin = await e2eAdmin();
			await e2eSession(context, baseURL!, admin.id);
			await page.goto('/en');
			await page.getByTestId('account-menu').locator('summary').click();
			await expect(page.getByTestId('account-menu').getByTestId('staff-inbox')).toBeVisible();
			expect(await axeViolations(page)).toEqual([]);
			await context.close();
		});
	}
});

test.describe('titles and cards', () => {
	for (const locale of ['no', 'en'] as const) {
		test(`${locale}: every page's title is “<page> – Orgweb”, the name once`, async ({ page }) => {
			const titles: string[] = [];
			for (const path of [
				'',
				'/events',
				'/events/evt-julebord',
				'/shop',
				'/shop/hoodie',
				'/news',
				'/units',
				'/jobs',
				'/membership',
				'/contact',
				'/auth/login',
				'/safety/report',
				'/no-such-page'
			]) {
				await page.goto(`/${locale}${path}`);
				titles.push(await page.title());
			}
			expect(
				titles.filter((title) => !/^(?!.*Orgweb.* – Orgweb$).+ – Orgweb$/.test(title))
			).toEqual([]);
		});
	}

	test('cards side by side in a row have the same height', async ({ browser }) => {
		const { context, page } = await open(browser, DESKTOP);
		const uneven: string[] = [];
		for (const path of ['/no', '/en/news', '/no/shop', '/en/events']) {
			await page.goto(path);
			const rows = await page.locator('main ul.grid').evaluateAll((lists) =>
				lists.map((list) => {
					const byTop = new Map<number, number[]>();
					for (const li of list.children) {
						const card = li.firstElementChild ?? li;
						const r = card.getBoundingClientRect();
						byTop.set(Math.round(r.top), [...(byTop.get(Math.round(r.top)) ?? []), r.height]);
					}
					return [...byTop.values()];
				})
			);
			for (const row of rows.flat()) {
				if (Math.max(...row) - Math.min(...row) > 1) uneven.push(`${path}: ${row.join(', ')}`);
			}
		}
		expect(uneven).toEqual([]);
		await context.close();
	});
});

/** The contrast ratio of two CSS rgb() colours (WCAG). */
function contrast(a: string, b: string): number {
	const lum = (c: string) => {
		const [r, g, bl] = c
			.match(/[\d.]+/g)!
			.slice(0, 3)
			.map(Number) as [number, number, number];
		const lin = (v: number) => {
			const s = v / 255;
			return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
		};
		return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
	};
	const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
	return (hi + 0.05) / (lo + 0.05);
}

test.describe('focus', () => {
	for (const locale of ['no', 'en'] as const) {
		for (const [size, viewport] of Object.entries(SIZES)) {
			test(`${locale}, ${size}: after a client-side navigation the focus is on the new page's heading, and Tab goes on in the page`, async ({
				browser
			}) => {
				const { context, page } = await open(browser, viewport);
				await page.goto(`/${locale}/events`);
				await page.waitForLoadState('networkidle');
				if (size === 'phone') await page.getByRole('banner').locator('summary:visible').click();
				await page
					.getByRole('navigation', { name: /Main menu|Hovedmeny/ })
					.locator(':visible')
					.getByRole('link', { name: TEXT[locale].contact })
					.click();
				await expect(page).toHaveURL(new RegExp(`/${locale}/contact$`));
				await expect(page.locator('main h1')).toBeFocused();
				await page.keyboard.press('Tab');
				expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
				await context.close();
			});
		}

		for (const js of [true, false]) {
			test(`${locale}, ${js ? 'with' : 'without'} JavaScript: the contact form's confirmation takes the focus`, async ({
				browser
			}) => {
				const t = TEXT[locale];
				const { context, page } = await open(browser, DESKTOP, js);
				await page.goto(`/${locale}/contact`);
				if (js) await page.waitForLoadState('networkidle');
				await page.getByLabel(t.name).fill('Ola');
				await page.getByLabel(t.email).fill('ola@example.org');
				await page.getByLabel(t.subject).fill('Hei');
				await page.getByLabel(t.message, { exact: true }).fill('Kan vi låne salen?');
				await page.getByRole('button', { name: t.send }).click();
				await expect(page.getByTestId('contact-sent')).toContainText(t.sent);
				await expect(page.getByTestId('contact-sent')).toBeFocused();
				await context.close();
			});
		}
	}

	for (const theme of ['light', 'dark'] as const) {
		test(`${theme}: the focus ring stands out ≥ 3:1 from a rust button and from the page`, async ({
			browser,
			baseURL
		}) => {
			const { context, page } = await themedPage(browser, baseURL!, theme, { viewport: DESKTOP });
			await page.goto('/en');
			// Tab until a button with the brand's rust background has the focus.
			let ring: { button: string; page: string; outer: string; inner: string } | null = null;
			for (let i = 0; i < 60 && !ring; i++) {
				await page.keyboard.press('Tab');
				ring = await page.evaluate(() => {
					const el = document.activeElement as HTMLElement;
					const style = getComputedStyle(el);
					if (!/^rgb\(154, 52, 18\)$/.test(style.backgroundColor)) return null;
					const inner = style.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? style.outlineColor;
					return {
						button: style.backgroundColor,
						page: getComputedStyle(document.body).backgroundColor,
						outer: style.outlineStyle === 'none' ? 'none' : style.outlineColor,
						inner
					};
				});
			}
			expect(ring).not.toBeNull();
			expect(ring!.outer).not.toBe('none');
			expect(contrast(ring!.outer, ring!.page)).toBeGreaterThanOrEqual(3);
			expect(contrast(ring!.inner, ring!.button)).toBeGreaterThanOrEqual(3);
			await context.close();
		});
	}
});
