import { expect, test } from '@playwright/test';
import { startAppWithProvider, type OidcSetup } from '../helpers/oidc';

// OpenID Connect in Chromium: the app (its own server, configured with the provider) and a real
// OpenID provider on this machine; the person clicks the provider button, signs in at the
// provider, consents, and lands back where they started, signed in.

test.describe.configure({ mode: 'serial' });

let setup: OidcSetup;
test.beforeAll(async () => {
	setup = await startAppWithProvider();
});
test.afterAll(async () => {
	await setup?.stop();
});

test('a protected page → provider button → provider sign-in and consent → back, signed in', async ({
	page
}) => {
	const app = setup.server.url;
	await page.goto(`${app}/no/profile`);
	await expect(page).toHaveURL(`${app}/no/auth/login?redirectTo=%2Fno%2Fprofile`);
	await page.getByRole('link', { name: 'Logg inn med Local IdP' }).click();

	await expect(page).toHaveURL(new RegExp(`^${setup.issuer}/interaction/`));
	await page.getByPlaceholder('Enter any login').fill('alice');
	await page.getByPlaceholder('and password').fill('anything');
	await page.getByRole('button', { name: 'Sign-in' }).click();
	await page.getByRole('button', { name: 'Continue' }).click();

	await expect(page).toHaveURL(`${app}/no/profile`);
	await expect(page.getByRole('heading', { level: 1, name: 'Min side' })).toBeVisible();
	await expect(page.getByTestId('profile-email')).toHaveText('alice@example.org');
});

test('an e-mail the provider does not vouch for is refused with a message', async ({ page }) => {
	const app = setup.server.url;
	await page.goto(`${app}/en/auth/login`);
	await page.getByRole('link', { name: 'Sign in with Local IdP' }).click();
	await page.getByPlaceholder('Enter any login').fill('liar');
	await page.getByPlaceholder('and password').fill('anything');
	await page.getByRole('button', { name: 'Sign-in' }).click();
	await page.getByRole('button', { name: 'Continue' }).click();
	await expect(page).toHaveURL(`${app}/en/auth/login?error=unverified_email`);
	await expect(page.getByRole('alert')).toContainText('did not confirm your e-mail address');
});
