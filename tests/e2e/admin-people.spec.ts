import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeViolations, e2eAccount, e2eAdmin, e2eDb, e2eSession } from '../helpers/e2e';

// The admin's people pages in Chromium, in both languages: a unit's leader manages their own
// unit's team (a role changed, the last-leader rule, a member removed, an invitation sent and
// revoked) and finds another unit's team closed to them; an admin finds a user, grants admin
// rights and takes them back. axe checks every page type on the way.

const LOCALES = ['no', 'en'] as const;
/** Each language gets a unit of its own: the two tests run side by side. */
const UNIT = { no: 'sport-bergen', en: 'board-trondheim' } as const;
const UNIT_NAME = {
	no: { 'sport-bergen': 'Idrettslaget', 'board-trondheim': 'Styret i Trondheim' },
	en: { 'sport-bergen': 'Sports Club', 'board-trondheim': 'Trondheim Board' }
} as const;

const messages = (locale: string) =>
	({
		...JSON.parse(readFileSync(`messages/${locale}/admin-people.json`, 'utf8')),
		...JSON.parse(readFileSync(`messages/${locale}/auth.json`, 'utf8'))
	}) as Record<string, string>;
const fill = (text: string, values: Record<string, string>) =>
	text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

function joinTeam(unitId: string, userId: string, role: string) {
	e2eDb((d) => {
		d.prepare('delete from team_members where unit_id = ? and user_id = ?').run(unitId, userId);
		d.prepare(
			'insert into team_members (unit_id, user_id, role, created_at) values (?, ?, ?, ?)'
		).run(unitId, userId, role, new Date().toISOString());
	});
}

const roleOf = (unitId: string, userId: string) =>
	e2eDb(
		(d) =>
			d
				.prepare('select role from team_members where unit_id = ? and user_id = ?')
				.get(unitId, userId) as { role: string } | undefined
	)?.role ?? null;

for (const locale of LOCALES) {
	test(`${locale}: a unit's leader manages their own unit's team and is refused another's`, async ({
		page,
		context,
		baseURL
	}) => {
		const t = messages(locale);
		const unit = UNIT[locale];
		const unitName = UNIT_NAME[locale][unit];
		// The unit's only leader, and one member.
		e2eDb((d) =>
			d.prepare("delete from team_members where unit_id = ? and role = 'leader'").run(unit)
		);
		const leader = await e2eAccount(`Lone Leader ${locale}`);
		const mate = await e2eAccount(`Maja Member ${locale}`);
		joinTeam(unit, leader.id, 'leader');
		joinTeam(unit, mate.id, 'member');
		await e2eSession(context, baseURL!, leader.id);

		await page.goto(`/${locale}/admin`);
		const nav = page.getByTestId('admin-nav');
		await expect(nav.getByRole('link', { name: t.admin_people_nav_users })).toHaveCount(0);
		await nav.getByRole('link', { name: t.admin_people_my_units }).click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/admin/units$`));
		expect(await axeViolations(page)).toEqual([]);
		await page
			.getByRole('link', { name: fill(t.admin_people_team_of!, { unit: unitName }) })
			.click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/admin/units/${unit}/team$`));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			fill(t.admin_people_team_of!, { unit: unitName })
		);
		expect(await axeViolations(page)).toEqual([]);

		// A member's role changed.
		const mateName = `Maja Member ${locale}`;
		await page
			.getByLabel(fill(t.admin_people_role_of!, { name: mateName }), { exact: true })
			.selectOption('finance');
		await page
			.getByRole('button', { name: fill(t.admin_people_save_role_of_label!, { name: mateName }) })
			.click();
		await expect(page.getByRole('status').filter({ hasText: t.admin_people_saved! })).toBeVisible();
		expect(roleOf(unit, mate.id)).toBe('finance');

		// The last leader cannot step down: said in an alert, nothing changed.
		const leaderName = `Lone Leader ${locale}`;
		await page
			.getByLabel(fill(t.admin_people_role_of!, { name: leaderName }), { exact: true })
			.selectOption('member');
		await page
			.getByRole('button', { name: fill(t.admin_people_save_role_of_label!, { name: leaderName }) })
			.click();
		await expect(page.getByRole('alert')).toContainText(t.admin_people_refused_last_leader!);
		expect(roleOf(unit, leader.id)).toBe('leader');
		expect(await axeViolations(page)).toEqual([]);

		// A member removed.
		await page
			.getByRole('button', { name: fill(t.admin_people_remove_member_label!, { name: mateName }) })
			.click();
		await expect(page.getByTestId('team-members').getByText(mateName)).toHaveCount(0);
		expect(roleOf(unit, mate.id)).toBeNull();

		// An invitation through the unit's invitations (the same form as /units/{id}/invitations).
		const email = `invitee-${locale}-${Date.now()}@example.org`;
		await page.getByLabel(t.auth_team_invite_email!).fill(email);
		await page.getByRole('button', { name: t.auth_team_invite_submit }).click();
		await expect(page.getByTestId('invite-link')).toBeVisible();
		await expect(page.getByTestId('pending-invitations')).toContainText(email);
		await page.getByTestId('pending-invitations').getByRole('button').click();
		await expect(page.getByTestId('pending-invitations')).toHaveCount(0);

		// The history shows each change, newest first.
		const history = page.getByTestId('audit-trail');
		await expect(history.locator('[data-action="invitation:revoke"]')).toHaveCount(1);
		await expect(history.locator('[data-action="team_member:remove"]')).toHaveCount(1);
		await expect(history.locator('[data-action="team_member:change_role"]')).toHaveCount(1);

		// Another unit's team is not theirs: it does not exist for them.
		const other = await page.goto(`/${locale}/admin/units/events-oslo/team`);
		expect(other?.status()).toBe(404);
		const users = await page.goto(`/${locale}/admin/people`);
		expect(users?.status()).toBe(404);
	});

	test(`${locale}: an admin finds a user, grants admin rights and takes them back`, async ({
		page,
		context,
		baseURL
	}) => {
		const t = messages(locale);
		const admin = await e2eAdmin();
		const name = `Gunnar Granted ${locale} ${Date.now()}`;
		const target = await e2eAccount(name);
		await e2eSession(context, baseURL!, admin.id);

		await page.goto(`/${locale}/admin`);
		await page
			.getByTestId('admin-nav')
			.getByRole('link', { name: t.admin_people_nav_users })
			.click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/admin/people$`));
		expect(await axeViolations(page)).toEqual([]);
		await page.getByLabel(t.admin_people_search!).fill(name.split(' ').slice(0, 3).join(' '));
		await page.locator('main').getByRole('button', { name: t.admin_people_search_submit }).click();
		await expect(page).toHaveURL(/\?q=/);
		await page.getByRole('link', { name }).click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/admin/people/${target.id}$`));
		await expect(page.getByTestId('person-name')).toHaveText(name);
		expect(await axeViolations(page)).toEqual([]);

		// The campus they study at, which registration pools of a campus admit.
		const campus = page.getByLabel(t.admin_people_campus_label!);
		await campus.selectOption({ index: 1 });
		const chosen = await campus.inputValue();
		await page.getByRole('button', { name: t.admin_people_campus_save }).click();
		await expect(page.getByRole('status').filter({ hasText: t.admin_people_saved! })).toBeVisible();
		const stored = e2eDb(
			(d) =>
				d.prepare('select campus_id from users where id = ?').get(target.id) as {
					campus_id: string | null;
				}
		);
		expect(stored.campus_id).toBe(chosen);
		await page.reload();
		await expect(page.getByLabel(t.admin_people_campus_label!)).toHaveValue(chosen);
		await expect(
			page.getByTestId('audit-trail').locator('[data-action="user:set_campus"]')
		).toHaveCount(1);

		await page.getByRole('button', { name: t.admin_people_grant_admin }).click();
		await expect(
			page.getByRole('status').filter({ hasText: t.admin_people_granted_now! })
		).toBeVisible();
		await expect(page.getByTestId('admin-grant')).toBeVisible();
		await page.getByRole('button', { name: t.admin_people_revoke_admin }).click();
		await expect(
			page.getByRole('status').filter({ hasText: t.admin_people_revoked_now! })
		).toBeVisible();
		await expect(page.getByRole('button', { name: t.admin_people_grant_admin })).toBeVisible();
		const history = page.getByTestId('audit-trail');
		await expect(history.locator('[data-action="admin_grant:grant"]')).toHaveCount(1);
		await expect(history.locator('[data-action="admin_grant:revoke"]')).toHaveCount(1);

		// The delete form keeps the reason and says what is missing when the box is not ticked.
		await page.getByLabel(t.admin_people_delete_reason!).fill('Asked in person');
		await page.getByRole('button', { name: t.admin_people_delete_submit }).click();
		await expect(page.getByText(t.admin_people_delete_confirm_error!)).toBeVisible();
		await expect(page.getByLabel(t.admin_people_delete_reason!)).toHaveValue('Asked in person');
		expect(await axeViolations(page)).toEqual([]);
	});
}
