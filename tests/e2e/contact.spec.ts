import { expect, test } from '@playwright/test';

// The contact form in a real browser, with JavaScript off (plain form post) and on (enhanced).

test('without JavaScript: errors are shown next to the fields, then the message is sent', async ({
	browser
}) => {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto('/en/contact');
	await page.getByLabel('Your name').fill('Kari');
	await page.getByLabel('Your email address').fill('kari@');
	await page.getByLabel('Subject').fill('Hello');
	await page.getByLabel('Message', { exact: true }).fill('Short');
	await page.getByRole('button', { name: 'Send message' }).click();

	await expect(page.getByRole('alert')).toHaveText('Please correct the fields marked below.');
	await expect(page.getByLabel('Your email address')).toHaveAttribute('aria-invalid', 'true');
	await expect(page.getByText('Please write at least 10 characters.')).toBeVisible();
	await expect(page.getByLabel('Your name')).toHaveValue('Kari');

	await page.getByLabel('Your email address').fill('kari@example.org');
	await page.getByLabel('Message', { exact: true }).fill('A message long enough to be sent.');
	await page.getByRole('button', { name: 'Send message' }).click();
	await expect(page).toHaveURL(/\/en\/contact\?sent=1$/);
	await expect(page.getByRole('status')).toContainText('Thank you, your message has been sent.');
	await context.close();
});

test('with JavaScript: the enhanced form shows errors in place and then confirms', async ({
	page
}) => {
	await page.goto('/no/contact');
	await page.getByRole('button', { name: 'Send melding' }).click();
	await expect(page.getByRole('alert')).toHaveText('Rett opp feltene som er merket nedenfor.');
	await expect(page).toHaveURL(/\/no\/contact$/);

	await page.getByLabel('Navnet ditt').fill('Ola Nordmann');
	await page.getByLabel('E-postadressen din').fill('ola@example.org');
	await page.getByLabel('Emne').fill('Spørsmål');
	await page.getByLabel('Melding', { exact: true }).fill('Når er neste generalforsamling?');
	await page.getByRole('button', { name: 'Send melding' }).click();
	await expect(page.getByRole('status')).toContainText('Takk, meldingen din er sendt.');
});
