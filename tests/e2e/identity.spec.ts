import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { axeViolations } from '../helpers/e2e';

// Signing in, out, up and back as a person does it in Chromium: protected pages in both
// languages, wrong passwords, the mailed links (read from the outbox), and a team invitation.

const DB = `test-results/e2e-${process.env.E2E_PORT ?? 4173}.db`;
const PASSWORD = 'a long enough password';

function db<T>(run: (d: Database.Database) => T): T {
	const d = new Database(DB);
	d.pragma('busy_timeout = 5000');
	try {
		return run(d);
	} finally {
		d.close();
	}
}

async function account(label: string, name = 'Eva Tester'): Promise<{ id: string; email: string }> {
	const id = randomUUID();
	const email = `${label}-${id.slice(0, 8)}@example.org`;
	const passwordHash = await hash(PASSWORD);
	const now = new Date().toISOString();
	db((d) =>
		d
			.prepare(
				'insert into users (id, email, name, password_hash, is_anonymous, created_at, email_verified_at) values (?, ?, ?, ?, 0, ?, ?)'
			)
			.run(id, email, name, passwordHash, now, now)
	);
	return { id, email };
}

function mailedLink(to: string, kind: string): string {
	const row = db((d) =>
		d
			.prepare(
				'select text_body from mail_outbox where to_address = ? and kind = ? order by rowid desc limit 1'
			)
			.get(to, kind)
	) as { text_body: string } | undefined;
	return /https?:\/\/\S+/.exec(row?.text_body ?? '')![0];
}

async function signIn(
	page: Page,
	email: string,
	labels = { email: 'E-mail', password: 'Password', submit: 'Sign in' }
) {
	await page.getByLabel(labels.email).fill(email);
	await page.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
	await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

test.describe('protected pages send to sign-in and back', () => {
	test('English: /en/profile → sign in → /en/profile', async ({ page }) => {
		const { email } = await account('en');
		await page.goto('/en/profile');
		await expect(page).toHaveURL(/\/en\/auth\/login\?redirectTo=%2Fen%2Fprofile$/);
		await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
		await signIn(page, email);
		await expect(page).toHaveURL(/\/en\/profile$/);
		await expect(page.getByRole('heading', { level: 1, name: 'My page' })).toBeVisible();
		await expect(page.getByTestId('profile-email')).toHaveText(email);
		await expect(page.getByText('(This browser)')).toBeVisible();
	});

	test('Norsk: /no/fs/new → logg inn → tilbake til /no/fs/new', async ({ page }) => {
		const { email } = await account('no');
		await page.goto('/no/fs/new');
		await expect(page).toHaveURL(/\/no\/auth\/login\?redirectTo=%2Fno%2Ffs%2Fnew$/);
		await signIn(page, email, { email: 'E-post', password: 'Passord', submit: 'Logg inn' });
		await expect(page).toHaveURL(/\/no\/fs\/new$/);
	});
});

test('a wrong password says so without telling whether the account exists; keyboard only', async ({
	page
}) => {
	const { email } = await account('wrong');
	await page.goto('/en/auth/login');
	await page.getByLabel('E-mail').focus();
	await page.keyboard.type(email);
	await page.keyboard.press('Tab');
	await page.keyboard.type('not my password');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('alert')).toHaveText('The e-mail address or the password is wrong.');
	await page.getByLabel('E-mail').fill('nobody-at-all@example.org');
	await page.getByLabel('Password', { exact: true }).fill('not my password');
	await page.getByRole('button', { name: 'Sign in', exact: true }).click();
	await expect(page.getByRole('alert')).toHaveText('The e-mail address or the password is wrong.');
	await expect(page).toHaveURL(/\/en\/auth\/login/);
});

test('sign out from the header ends the session', async ({ page, context }) => {
	const { email } = await account('out');
	await page.goto('/en/auth/login');
	await signIn(page, email);
	await expect(page).toHaveURL(/\/en\/profile$/);
	// The account's menu holds it.
	await page.getByTestId('account-menu').locator('summary').click();
	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
	await expect(page).toHaveURL(/\/en$/);
	await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
	expect((await context.cookies()).find((c) => c.name === 'session')).toBeUndefined();
	await page.goto('/en/profile');
	await expect(page).toHaveURL(/\/en\/auth\/login/);
});

test('create an account, confirm it from the mailed link, and be signed in', async ({ page }) => {
	const email = `new-${randomUUID().slice(0, 8)}@example.org`;
	await page.goto('/en/auth/register');
	await page.getByLabel('Name').fill('Nina New');
	await page.getByLabel('E-mail').fill(email);
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
	await page.getByRole('button', { name: 'Create account' }).click();
	await expect(page.getByRole('status')).toContainText(`we have sent a link to ${email}`);

	await page.goto(mailedLink(email, 'email-verification'));
	await page.getByRole('button', { name: 'Confirm' }).click();
	await expect(page).toHaveURL(/\/en\/profile\?verified$/);
	await expect(page.getByRole('status')).toHaveText(
		'Your e-mail address is confirmed, and you are signed in. Welcome!'
	);
	await expect(page.getByRole('heading', { level: 1, name: 'My page' })).toBeVisible();
});

test('reset a forgotten password from the mailed link', async ({ page }) => {
	const { email } = await account('reset');
	await page.goto('/no/auth/login');
	await page.getByRole('link', { name: 'Glemt passordet?' }).click();
	// The login page has an "E-post" field too: wait for the client-side navigation to land.
	await expect(page.getByRole('heading', { level: 1, name: 'Glemt passord' })).toBeVisible();
	await page.getByLabel('E-post').fill(email);
	await page.getByRole('button', { name: 'Send lenke' }).click();
	await expect(page.getByRole('status')).toContainText('Hvis det finnes en konto');

	await page.goto(mailedLink(email, 'password-reset'));
	await page.getByLabel('Nytt passord').fill('my brand new password');
	await page.getByRole('button', { name: 'Endre passord' }).click();
	await expect(page).toHaveURL(/\/no\/auth\/login\?notice=reset$/);
	await page.getByLabel('E-post').fill(email);
	await page.getByLabel('Passord', { exact: true }).fill('my brand new password');
	await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Min side' })).toBeVisible();
});

test('a unit leader invites; the invitee creates an account from the link and joins the team', async ({
	page,
	browser
}) => {
	const lead = await account('lead', 'Lea Leader');
	db((d) =>
		d
			.prepare(
				"insert into team_members (unit_id, user_id, role, created_at) values ('events-oslo', ?, 'leader', ?)"
			)
			.run(lead.id, new Date().toISOString())
	);
	await page.goto('/en/auth/login?redirectTo=%2Fen%2Funits%2Fevents-oslo%3Ftab%3Dteam');
	await signIn(page, lead.email);
	// The team tab links its leaders to the invitations.
	await page.getByRole('link', { name: 'Invite to the team and manage invitations' }).click();
	await expect(page).toHaveURL(/\/en\/units\/events-oslo\/invitations$/);
	await expect(page.getByRole('heading', { name: 'Invite to the team' })).toBeVisible();
	expect(await axeViolations(page)).toEqual([]);
	const invitee = `invitee-${randomUUID().slice(0, 8)}@example.org`;
	await page.getByLabel('E-mail address').fill(invitee);
	await page.getByLabel('Role').selectOption('finance');
	await page.getByRole('button', { name: 'Send invitation' }).click();
	const link = await page.getByTestId('invite-link').innerText();
	expect(link).toBe(mailedLink(invitee, 'team-invitation'));
	await expect(page.getByTestId('pending-invitations')).toContainText(invitee);

	const other = await browser.newContext();
	const guest = await other.newPage();
	await guest.goto(link);
	await expect(guest.getByTestId('invitation')).toContainText('as finance');
	await guest.getByLabel('Name').fill('Ivar Invitee');
	await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
	await guest.getByRole('button', { name: 'Create account and join' }).click();
	await expect(guest).toHaveURL(/\/en\/units\/events-oslo\?tab=team$/);
	await guest.goto('/en/profile');
	await expect(guest.getByTestId('teams')).toContainText('finance');
	// The link is spent.
	await guest.goto(link);
	await expect(guest.getByRole('alert')).toHaveText(
		'This invitation is not valid any more. It may have been used, revoked or have expired.'
	);
	await other.close();

	await page.reload();
	await expect(page.getByTestId('pending-invitations')).toHaveCount(0);
});
