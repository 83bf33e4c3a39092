import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	E2E_PASSWORD,
	e2eAccount,
	e2eAdmin,
	e2eDb,
	e2eSession
} from '../helpers/e2e';

// Issue 30 as a newcomer meets it, in both languages: who leads a unit comes from the team roles
// alone; invitations, histories and mails speak in words and the reader's dates; the contact form
// starts over after sending; confirming an address signs in; signing in keeps the site's language.

const LOCALES = ['no', 'en'] as const;
type Locale = (typeof LOCALES)[number];
const UNIT: Record<Locale, string> = { no: 'Arrangementsutvalget', en: 'Events Committee' };
const LEADER: Record<Locale, string> = { no: 'Leder', en: 'Leader' };
const FINANCE: Record<Locale, string> = { no: 'økonomiansvarlig', en: 'finance' };
const INTL: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };
const ISO_DAY = /\d{4}-\d\d-\d\d/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/;

function joinTeam(userId: string, unitId: string, role: string) {
	e2eDb((d) =>
		d
			.prepare('insert into team_members (unit_id, user_id, role, created_at) values (?, ?, ?, ?)')
			.run(unitId, userId, role, new Date().toISOString())
	);
}

function lastMail(to: string, kind: string) {
	return e2eDb((d) =>
		d
			.prepare(
				'select subject, text_body, reply_to from mail_outbox where to_address = ? and kind = ? order by rowid desc limit 1'
			)
			.get(to, kind)
	) as { subject: string; text_body: string; reply_to: string | null } | undefined;
}

const longDate = (locale: Locale, at: Date) =>
	new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'long', timeZone: 'Europe/Oslo' }).format(at);

async function signIn(page: Page, locale: Locale, email: string) {
	const labels =
		locale === 'no'
			? { email: 'E-post', password: 'Passord', submit: 'Logg inn' }
			: { email: 'E-mail', password: 'Password', submit: 'Sign in' };
	await page.getByLabel(labels.email).fill(email);
	await page.getByLabel(labels.password, { exact: true }).fill(E2E_PASSWORD);
	await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

for (const locale of LOCALES) {
	test(`${locale}: a new leader is on the unit’s team tab and in the campus leadership at once, with the title they give themselves, and gone when they step down`, async ({
		page,
		baseURL
	}) => {
		const name = `Nora Nyleder ${randomUUID().slice(0, 6)}`;
		const lead = await e2eAccount(name);
		joinTeam(lead.id, 'events-oslo', 'leader');

		await page.goto(`/${locale}/units/events-oslo?tab=team`);
		const member = page.getByRole('main').getByRole('listitem').filter({ hasText: name });
		await expect(member).toContainText(LEADER[locale]);
		// Their sign-in address is theirs, not the unit's: it is not published.
		await expect(page.getByRole('main')).not.toContainText(lead.email);
		expect(await axeViolations(page)).toEqual([]);

		await page.goto(`/${locale}/campus`);
		await expect(page.getByTestId('campus-leaders').filter({ hasText: 'Oslo' })).toContainText(
			name
		);

		// The leader gives themselves a public title on the team page; the unit's page shows it.
		await e2eSession(page.context(), baseURL!, lead.id);
		await page.goto(`/${locale}/admin/units/events-oslo/team`);
		const titleNo =
			locale === 'no' ? `Tittelen til ${name} på norsk` : `${name}’s title in Norwegian`;
		const titleEn =
			locale === 'no' ? `Tittelen til ${name} på engelsk` : `${name}’s title in English`;
		await page.getByLabel(titleNo).fill('Festsjef');
		await page.getByLabel(titleEn).fill('Head of parties');
		await page
			.getByRole('button', {
				name: locale === 'no' ? `Lagre tittelen til ${name}` : `Save ${name}’s title`
			})
			.click();
		await expect(page.getByRole('status')).toBeVisible();
		expect(await axeViolations(page)).toEqual([]);
		await page.goto(`/${locale}/units/events-oslo?tab=team`);
		await expect(member).toContainText(locale === 'no' ? 'Festsjef' : 'Head of parties');

		e2eDb((d) => d.prepare('delete from team_members where user_id = ?').run(lead.id));
		await page.goto(`/${locale}/units/events-oslo?tab=team`);
		await expect(page.locator('#unit-tab')).toBeVisible();
		await expect(page.getByRole('main')).not.toContainText(name);
	});

	test(`${locale}: an invitation names the team, the role and its last day, in the mail, on the page and in the team’s history`, async ({
		page,
		baseURL
	}) => {
		const lead = await e2eAccount(`Lena Leder`);
		joinTeam(lead.id, 'events-oslo', 'leader');
		await e2eSession(page.context(), baseURL!, lead.id);
		await page.goto(`/${locale}/units/events-oslo/invitations`);
		const invitee = `invitee-${randomUUID().slice(0, 8)}@example.org`;
		await page.getByLabel(locale === 'no' ? 'E-postadresse' : 'E-mail address').fill(invitee);
		await page.getByLabel(locale === 'no' ? 'Rolle' : 'Role').selectOption('finance');
		await page
			.getByRole('button', { name: locale === 'no' ? 'Send invitasjon' : 'Send invitation' })
			.click();

		const status = page.getByRole('status').filter({ hasText: invitee });
		await expect(status).toContainText(UNIT[locale]);
		await expect(status).toContainText(FINANCE[locale]);
		// The link is text among text, in the site's font.
		const fonts = await page
			.getByTestId('invite-link')
			.evaluate((link) => [
				getComputedStyle(link).fontFamily,
				getComputedStyle(document.body).fontFamily
			]);
		expect(fonts[0]).toBe(fonts[1]);

		const mail = lastMail(invitee, 'team-invitation')!;
		const text = mail.text_body.replace(/https?:\/\/\S+/g, '');
		expect(text).toContain('Lena Leder');
		expect(text).toContain(UNIT[locale]);
		expect(text).toContain(FINANCE[locale]);
		expect(text).toContain(longDate(locale, new Date(Date.now() + 7 * 86_400_000)));
		expect(text).not.toMatch(ISO_DAY);
		expect(mail.subject).toContain(UNIT[locale]);
		expect(mail.reply_to).toBe(lead.email);

		await page.goto(`/${locale}/admin/units/events-oslo/team`);
		const trail = page.getByTestId('audit-trail');
		await expect(trail).toContainText(locale === 'no' ? 'Gyldig til' : 'Valid until');
		await expect(trail).toContainText(locale === 'no' ? 'Rolle' : 'Role');
		const shown = await trail.innerText();
		expect(shown).not.toMatch(/\b(role|expires_at|revoked_at|invitation):/);
		expect(shown).not.toMatch(UUID);
		expect(shown).not.toMatch(ISO_DAY);
	});

	test(`${locale}: the dashboard names what was changed, not its id, and its boxes are in the site’s font`, async ({
		page,
		baseURL
	}) => {
		const admin = await e2eAdmin();
		const now = new Date().toISOString();
		e2eDb((d) =>
			d
				.prepare(
					"insert into orders (id, user_id, status, provider, total_ore, buyer_name, buyer_email, buyer_phone, created_at, updated_at) values (?, ?, 'failed', 'simulator', 14900, 'Fia Feil', 'fia@example.org', '', ?, ?)"
				)
				.run(randomUUID(), admin.id, now, now)
		);
		e2eDb((d) =>
			d
				.prepare(
					"insert into audit_log (id, at, actor, subject_type, subject_id, action, details) values (?, ?, ?, 'product', 'prod-mug', 'update', ?)"
				)
				.run(
					randomUUID(),
					new Date(Date.now() + 60_000).toISOString(),
					admin.id,
					JSON.stringify({ before: { stock: 10 }, after: { stock: 9 } })
				)
		);
		await e2eSession(page.context(), baseURL!, admin.id);
		await page.goto(`/${locale}/admin`);
		const changes = page.getByTestId('dash-changes');
		await expect(changes).toContainText(locale === 'no' ? 'Kaffekopp' : 'Coffee mug');
		await expect(changes).not.toContainText('prod-mug');
		await expect(page.getByTestId('dash-orders-failed')).toContainText('Fia Feil');
		const fonts = await page
			.locator('main')
			.evaluate((main) => [
				...new Set(
					[...main.querySelectorAll('section[data-testid^="dash-"] *')].map(
						(e) => getComputedStyle(e).fontFamily
					)
				)
			]);
		expect(fonts).toEqual([await page.evaluate(() => getComputedStyle(document.body).fontFamily)]);
	});

	for (const javaScript of [false, true]) {
		test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}: after sending, the contact form is empty and says it was sent`, async ({
			browser
		}) => {
			const context = await browser.newContext({ javaScriptEnabled: javaScript });
			const page = await context.newPage();
			await page.goto(`/${locale}/contact`);
			const labels =
				locale === 'no'
					? ['Navnet ditt', 'E-postadressen din', 'Emne', 'Melding']
					: ['Your name', 'Your email address', 'Subject', 'Message'];
			const values = [
				'Kari',
				'kari@example.org',
				`Tomt etterpå ${javaScript}`,
				'A message long enough to be sent.'
			];
			for (const [i, label] of labels.entries()) {
				await page.getByLabel(label, { exact: true }).fill(values[i]!);
			}
			await page
				.getByRole('button', { name: locale === 'no' ? 'Send melding' : 'Send message' })
				.click();
			await expect(page.getByTestId('contact-sent')).toBeVisible();
			for (const label of labels) {
				await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
			}
			await context.close();
		});
	}

	test(`${locale}: confirming the address in the browser that registered signs in, in the site’s language`, async ({
		page
	}) => {
		const email = `fresh-${randomUUID().slice(0, 8)}@example.org`;
		await register(page, locale, email);
		await page.goto(mailedLink(email, 'email-verification'));
		await page.getByRole('button', { name: locale === 'no' ? 'Bekreft' : 'Confirm' }).click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/profile`));
		await expect(page.getByTestId('profile-email')).toHaveText(email);
	});

	test(`${locale}: confirming the address on another device fills it in on the sign-in form`, async ({
		page,
		browser
	}) => {
		const email = `other-${randomUUID().slice(0, 8)}@example.org`;
		await register(page, locale, email);
		const phone = await browser.newContext();
		const other = await phone.newPage();
		await other.goto(mailedLink(email, 'email-verification'));
		await other.getByRole('button', { name: locale === 'no' ? 'Bekreft' : 'Confirm' }).click();
		await expect(other).toHaveURL(new RegExp(`/${locale}/auth/login`));
		await expect(other.getByRole('status')).toBeVisible();
		await expect(other.getByLabel(locale === 'no' ? 'E-post' : 'E-mail')).toHaveValue(email);
		expect((await phone.cookies()).find((c) => c.name === 'session')).toBeUndefined();
		await phone.close();
	});

	test(`${locale}: signing in keeps the site’s language, whatever the account’s or the return path’s`, async ({
		page
	}) => {
		const other: Locale = locale === 'no' ? 'en' : 'no';
		const { id, email } = await e2eAccount('Sigrid Språk');
		e2eDb((d) => d.prepare('update users set locale = ? where id = ?').run(other, id));
		await page.goto(`/${locale}/auth/login`);
		await signIn(page, locale, email);
		await expect(page).toHaveURL(new RegExp(`/${locale}/profile$`));

		await page.context().clearCookies();
		await page.goto(`/${locale}/auth/login?redirectTo=${encodeURIComponent(`/${other}/fs`)}`);
		await signIn(page, locale, email);
		await expect(page).toHaveURL(new RegExp(`/${locale}/fs$`));
	});
}

test('a reply to a contact message can be answered: it goes back to the organisation’s address', async ({
	page,
	baseURL
}) => {
	const subject = `Svar meg ${randomUUID().slice(0, 6)}`;
	const sender = `asker-${randomUUID().slice(0, 8)}@example.org`;
	await page.goto('/en/contact');
	await page.getByLabel('Your name', { exact: true }).fill('Asker');
	await page.getByLabel('Your email address', { exact: true }).fill(sender);
	await page.getByLabel('Subject', { exact: true }).fill(subject);
	await page.getByLabel('Message', { exact: true }).fill('Can you answer me by mail, please?');
	await page.getByRole('button', { name: 'Send message' }).click();
	await expect(page.getByTestId('contact-sent')).toBeVisible();

	const { id } = await e2eAdmin();
	await e2eSession(page.context(), baseURL!, id);
	await page.goto('/en/admin/inbox/contact');
	await page.getByRole('link', { name: subject }).click();
	await page.getByLabel('Your reply').fill('Yes, here is the answer.');
	await page.getByRole('button', { name: 'Send reply' }).click();
	await expect(page.getByRole('status')).toContainText('The reply was sent');
	expect(lastMail(sender, 'contact-reply')?.reply_to).toBe('post@example.org');
});

async function register(page: Page, locale: Locale, email: string) {
	await page.goto(`/${locale}/auth/register`);
	await page.getByLabel(locale === 'no' ? 'Navn' : 'Name').fill('Frida Fersk');
	await page.getByLabel(locale === 'no' ? 'E-post' : 'E-mail').fill(email);
	await page
		.getByLabel(locale === 'no' ? 'Passord' : 'Password', { exact: true })
		.fill(E2E_PASSWORD);
	await page
		.getByRole('button', { name: locale === 'no' ? 'Opprett konto' : 'Create account' })
		.click();
	await expect(page.getByRole('status')).toContainText(email);
}

function mailedLink(to: string, kind: string): string {
	return /https?:\/\/\S+/.exec(lastMail(to, kind)?.text_body ?? '')![0];
}
