import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyText } from './words';
import { publicTeam } from './public-team';
import { trail } from '../audit';
import { userContext, type UserContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { DEMO_MEMBER_COUNT } from '../db/seed-registration';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { orderRow, teamMemberRow, userRow } from '../db/test-rows';
import { Forbidden, NotSignedIn } from '../errors';
import { mailer } from '../mail';
import { identityService } from './index';
import { invitationsService } from './invitations';
import { peopleService, PEOPLE_PAGE_SIZE, type PeopleService } from './people';
import { rolesService, type RolesService } from './roles';
import { sqlIdentityStore } from './sql';

/** The accounts these tests make (the anonymous one not counted) and the demo's members. */
const ACCOUNTS = 8 + DEMO_MEMBER_COUNT;

const NOW = new Date('2026-11-24T12:00:00.000Z');
const as = (id: string): UserContext =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, `s-${id}`);
const visitor = userContext(null, null);

describe.each(ENGINES)('people on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let roles: RolesService;
	let people: PeopleService;

	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		await seedDemo(db, NOW);
		await db
			.insertInto('users')
			.values([
				userRow('admin'),
				userRow('granted', { name: 'Gro Granted' }),
				userRow('leader', { name: 'Lea Leader' }),
				userRow('leader2', { name: 'Leo Leader' }),
				userRow('other', { name: 'Otto Other-unit' }),
				userRow('member', { name: 'Mia Member' }),
				userRow('outsider', { name: 'Ola Outsider' }),
				userRow('unverified', { name: 'Una Unverified', email_verified_at: null })
			])
			.execute();
		await db
			.insertInto('users')
			.values({ id: 'anon', email: null, name: '', is_anonymous: 1, created_at: NOW.toISOString() })
			.execute();
		await db
			.insertInto('team_members')
			.values([
				teamMemberRow('leader', 'board-oslo', 'leader', '2026-01-01'),
				teamMemberRow('member', 'board-oslo', 'member', '2026-01-02'),
				teamMemberRow('other', 'events-oslo', 'leader', '2026-01-03')
			])
			.execute();
		await db
			.insertInto('admin_grants')
			.values({ user_id: 'granted', granted_by: 'admin', granted_at: '2026-02-01' })
			.execute();
		const store = sqlIdentityStore(db);
		roles = rolesService({
			store,
			isMember: async () => false,
			adminEmails: ['admin@example.org'],
			safetyEmails: ['member@example.org']
		});
		people = peopleService({
			db,
			roles,
			store,
			adminEmails: ['admin@example.org'],
			safetyEmails: ['member@example.org']
		});
	});
	afterEach(() => test.destroy());

	const roleOf = async (unitId: string, userId: string) =>
		(
			await db
				.selectFrom('team_members')
				.select('role')
				.where('unit_id', '=', unitId)
				.where('user_id', '=', userId)
				.executeTakeFirst()
		)?.role ?? null;
	const auditCount = async () =>
		Number(
			(
				await db
					.selectFrom('audit_log')
					.select((eb) => eb.fn.countAll<number>().as('n'))
					.executeTakeFirstOrThrow()
			).n
		);

	it('finds accounts by a part of the name or e-mail in any case, with their roles at a glance, and no anonymous users', async () => {
		await db
			.insertInto('orders')
			.values(orderRow('o1', 'paid', { user_id: 'member' }))
			.execute();
		await db
			.insertInto('memberships')
			.values({
				id: 'm1',
				user_id: 'member',
				order_id: 'o1',
				product_id: 'membership-year-student',
				starts_at: '2026-08-01T00:00:00.000Z',
				ends_at: '2027-08-01T00:00:00.000Z',
				created_at: '2026-08-01T00:00:00.000Z'
			})
			.execute();
		const all = await people.search(as('admin'), { q: '', page: 1 }, NOW);
		expect(all.total).toBe(ACCOUNTS);
		expect(all.people.map((p) => p.id)).not.toContain('anon');

		const leaders = await people.search(as('admin'), { q: 'LEADER', page: 1 }, NOW);
		expect(leaders.people.map((p) => p.id)).toEqual(['leader', 'leader2']);
		expect(leaders.people[0]).toMatchObject({
			name: 'Lea Leader',
			units: [{ unitId: 'board-oslo', role: 'leader', unitName: { en: 'Oslo Board' } }],
			admin: { byEmails: false, byGrant: false },
			member: false
		});
		const byMail = await people.search(as('admin'), { q: 'admin@EXAMPLE', page: 1 }, NOW);
		expect(byMail.people).toMatchObject([{ id: 'admin', admin: { byEmails: true } }]);
		expect((await people.search(as('admin'), { q: 'gro', page: 1 }, NOW)).people).toMatchObject([
			{ id: 'granted', admin: { byEmails: false, byGrant: true } }
		]);
		expect((await people.search(as('admin'), { q: 'mia', page: 1 }, NOW)).people).toMatchObject([
			{ id: 'member', member: true, units: [{ role: 'member' }] }
		]);
		// A LIKE wildcard typed is a character looked for, not a wildcard.
		expect((await people.search(as('admin'), { q: '%', page: 1 }, NOW)).total).toBe(0);
		expect((await people.search(as('admin'), { q: 'Other-unit', page: 1 }, NOW)).total).toBe(1);
	});

	it('pages the list, and a page past the end shows the last one', async () => {
		await db
			.insertInto('users')
			.values(
				Array.from({ length: PEOPLE_PAGE_SIZE + 5 }, (_, i) =>
					userRow(`bulk-${String(i).padStart(2, '0')}`, {
						name: `Bulk ${String(i).padStart(2, '0')}`
					})
				)
			)
			.execute();
		const first = await people.search(as('admin'), { q: 'bulk', page: 1 }, NOW);
		expect(first).toMatchObject({ total: PEOPLE_PAGE_SIZE + 5, page: 1, pages: 2 });
		expect(first.people).toHaveLength(PEOPLE_PAGE_SIZE);
		const last = await people.search(as('admin'), { q: 'bulk', page: 9 }, NOW);
		expect(last.page).toBe(2);
		expect(last.people.map((p) => p.name)).toEqual([
			'Bulk 25',
			'Bulk 26',
			'Bulk 27',
			'Bulk 28',
			'Bulk 29'
		]);
	});

	it('shows the list and an account to admins only', async () => {
		for (const ctx of [as('leader'), as('member'), as('other')]) {
			await expect(people.search(ctx, { q: '', page: 1 })).rejects.toThrow(Forbidden);
			await expect(people.person(ctx, 'member')).rejects.toThrow(Forbidden);
		}
		await expect(people.search(visitor, { q: '', page: 1 })).rejects.toThrow(NotSignedIn);
		// A granted admin is as much an admin as one of ADMIN_EMAILS.
		expect((await people.search(as('granted'), { q: '', page: 1 })).total).toBe(ACCOUNTS);
		expect(await people.person(as('admin'), 'anon')).toBeNull();
		expect(await people.person(as('admin'), 'nobody')).toBeNull();
	});

	it("lets a unit's leader change a member's role in their unit, audited with before and after", async () => {
		const result = await people.setTeamRole(
			as('leader'),
			{ unitId: 'board-oslo', userId: 'member', role: 'finance' },
			NOW
		);
		expect(result).toEqual({ ok: true, stillManages: true });
		expect(await roleOf('board-oslo', 'member')).toBe('finance');
		expect(await trail(db, 'team_member', 'board-oslo:member')).toMatchObject([
			{
				actor: 'leader',
				action: 'change_role',
				details: { before: { role: 'member' }, after: { role: 'finance' } }
			}
		]);
		expect(
			await people.removeFromTeam(as('leader'), { unitId: 'board-oslo', userId: 'member' }, NOW)
		).toEqual({ ok: true, stillManages: true });
		expect(await roleOf('board-oslo', 'member')).toBeNull();
		expect((await trail(db, 'team_member', 'board-oslo:member')).at(-1)).toMatchObject({
			action: 'remove',
			details: { before: { role: 'finance' }, after: null }
		});
	});

	it('lets a unit’s leader set the public title of a member, shown on the public pages, audited; not another unit’s leader', async () => {
		const input = { unitId: 'board-oslo', userId: 'leader', title_no: 'Campusleder', title_en: '' };
		await expect(people.setTeamTitle(as('other'), input)).rejects.toThrow(Forbidden);
		expect(await people.setTeamTitle(as('leader'), input, NOW)).toEqual({ ok: true });
		expect(await people.setTeamTitle(as('leader'), { ...input, userId: 'outsider' }, NOW)).toEqual({
			ok: false,
			reason: 'not_in_team'
		});
		const shown = await publicTeam(db, { unitId: 'board-oslo' });
		expect(shown.map((p) => [p.name, p.role, p.title])).toEqual([
			['Lea Leader', 'leader', { no: 'Campusleder', en: null }],
			['Mia Member', 'member', { no: null, en: null }]
		]);
		expect(await trail(db, 'team_member', 'board-oslo:leader')).toMatchObject([
			{
				actor: 'leader',
				action: 'change_title',
				details: { before: { title_no: null }, after: { title_no: 'Campusleder' } }
			}
		]);
		const team = await people.team(as('leader'), 'board-oslo', NOW);
		expect(historyText(team!.history, 'en', true)[0]).toMatchObject({
			label: 'Public title changed',
			about: 'Lea Leader',
			details: ['Title (Norwegian): – → Campusleder']
		});
	});

	it('writes a history in words: field labels, names for the accounts a field holds, dates for people', async () => {
		await people.revokeAdmin(as('admin'), 'granted', NOW);
		const person = await people.person(as('admin'), 'granted', NOW);
		const [revoked] = historyText(person!.history, 'no');
		// The grant's day is a date on SQLite and an instant on PostgreSQL: a date in words on both.
		expect(revoked?.details).toEqual([
			'Gitt av: admin → –',
			expect.stringMatching(/^Gitt: 1\. feb(ruar|\.) 2026(, 01:00)? → –$/)
		]);
	});

	it("refuses another unit's leader, a member and a visitor, and changes nothing", async () => {
		const before = await auditCount();
		for (const ctx of [as('other'), as('member'), as('outsider')]) {
			await expect(
				people.setTeamRole(ctx, { unitId: 'board-oslo', userId: 'member', role: 'leader' })
			).rejects.toThrow(Forbidden);
			await expect(
				people.removeFromTeam(ctx, { unitId: 'board-oslo', userId: 'member' })
			).rejects.toThrow(Forbidden);
			await expect(people.team(ctx, 'board-oslo')).rejects.toThrow(Forbidden);
		}
		await expect(
			people.setTeamRole(visitor, { unitId: 'board-oslo', userId: 'member', role: 'leader' })
		).rejects.toThrow(NotSignedIn);
		expect(await roleOf('board-oslo', 'member')).toBe('member');
		expect(await auditCount()).toBe(before);
	});

	it('lets only admins put someone straight into a team (leaders invite)', async () => {
		expect(
			await people.setTeamRole(as('leader'), {
				unitId: 'board-oslo',
				userId: 'outsider',
				role: 'member'
			})
		).toEqual({ ok: false, reason: 'not_in_team' });
		expect(await roleOf('board-oslo', 'outsider')).toBeNull();
		expect(
			await people.setTeamRole(
				as('admin'),
				{ unitId: 'board-oslo', userId: 'outsider', role: 'member' },
				NOW
			)
		).toEqual({ ok: true, stillManages: true });
		expect(await roleOf('board-oslo', 'outsider')).toBe('member');
		expect(await trail(db, 'team_member', 'board-oslo:outsider')).toMatchObject([
			{ actor: 'admin', action: 'add', details: { before: null, after: { role: 'member' } } }
		]);
		expect(
			await people.setTeamRole(as('admin'), {
				unitId: 'nowhere',
				userId: 'outsider',
				role: 'member'
			})
		).toEqual({ ok: false, reason: 'not_found' });
		expect(
			await people.setTeamRole(as('admin'), {
				unitId: 'board-oslo',
				userId: 'anon',
				role: 'member'
			})
		).toEqual({ ok: false, reason: 'not_found' });
	});

	it("changes team roles from a person's page for admins only, not for the unit's leader", async () => {
		const change = { unitId: 'board-oslo', userId: 'member', role: 'finance' } as const;
		await expect(people.setRoleOfPerson(as('leader'), change)).rejects.toThrow(Forbidden);
		await expect(
			people.removePersonFromTeam(as('leader'), { unitId: 'board-oslo', userId: 'member' })
		).rejects.toThrow(Forbidden);
		expect(await roleOf('board-oslo', 'member')).toBe('member');
		expect(await people.setRoleOfPerson(as('admin'), change)).toEqual({
			ok: true,
			stillManages: true
		});
		expect(await roleOf('board-oslo', 'member')).toBe('finance');
	});

	it('keeps a leader from leaving their unit without a leader; with a second leader, or as an admin, it may', async () => {
		const before = await auditCount();
		expect(
			await people.setTeamRole(as('leader'), {
				unitId: 'board-oslo',
				userId: 'leader',
				role: 'member'
			})
		).toEqual({ ok: false, reason: 'last_leader' });
		expect(
			await people.removeFromTeam(as('leader'), { unitId: 'board-oslo', userId: 'leader' })
		).toEqual({ ok: false, reason: 'last_leader' });
		expect(await roleOf('board-oslo', 'leader')).toBe('leader');
		expect(await auditCount()).toBe(before);

		await people.setTeamRole(as('admin'), {
			unitId: 'board-oslo',
			userId: 'leader2',
			role: 'leader'
		});
		// Stepping down with another leader in place: allowed, and the page is no longer theirs.
		expect(
			await people.setTeamRole(as('leader'), {
				unitId: 'board-oslo',
				userId: 'leader',
				role: 'member'
			})
		).toEqual({ ok: true, stillManages: false });
		// An admin may leave a unit without a leader (and appoint one later).
		expect(
			await people.removeFromTeam(as('admin'), { unitId: 'board-oslo', userId: 'leader2' })
		).toEqual({ ok: true, stillManages: true });
		expect(await roleOf('board-oslo', 'leader2')).toBeNull();
	});

	it('lets exactly one of two last leaders step down when both try at once', async () => {
		await people.setTeamRole(as('admin'), {
			unitId: 'board-oslo',
			userId: 'leader2',
			role: 'leader'
		});
		const results = await Promise.all(
			['leader', 'leader2'].map((id) =>
				people.setTeamRole(as(id), { unitId: 'board-oslo', userId: id, role: 'member' })
			)
		);
		expect(results.filter((r) => r.ok)).toHaveLength(1);
		expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'last_leader' }]);
		const leaders = await db
			.selectFrom('team_members')
			.select('user_id')
			.where('unit_id', '=', 'board-oslo')
			.where('role', '=', 'leader')
			.execute();
		expect(leaders).toHaveLength(1);
	});

	it('grants and revokes admin rights in the database, audited; not one’s own, not ADMIN_EMAILS, not an unverified address', async () => {
		expect(await roles.can(as('outsider'), { action: 'admin' })).toBe(false);
		expect(await people.grantAdmin(as('admin'), 'outsider', NOW)).toEqual({ ok: true });
		expect(await roles.can(as('outsider'), { action: 'admin' })).toBe(true);
		expect(await people.grantAdmin(as('admin'), 'outsider', NOW)).toEqual({
			ok: false,
			reason: 'already_admin'
		});
		expect(await trail(db, 'admin_grant', 'outsider')).toMatchObject([
			{
				actor: 'admin',
				action: 'grant',
				details: { before: null, after: { granted_by: 'admin', granted_at: NOW.toISOString() } }
			}
		]);
		expect(await people.revokeAdmin(as('outsider'), 'outsider')).toEqual({
			ok: false,
			reason: 'own_grant'
		});
		expect(await people.revokeAdmin(as('outsider'), 'admin')).toEqual({
			ok: false,
			reason: 'not_granted'
		});
		expect(await people.grantAdmin(as('admin'), 'admin')).toEqual({
			ok: false,
			reason: 'already_admin'
		});
		expect(await people.grantAdmin(as('admin'), 'unverified')).toEqual({
			ok: false,
			reason: 'unverified'
		});
		expect(await people.revokeAdmin(as('granted'), 'outsider', NOW)).toEqual({ ok: true });
		expect(await roles.can(as('outsider'), { action: 'admin' })).toBe(false);
		expect((await trail(db, 'admin_grant', 'outsider')).at(-1)).toMatchObject({
			actor: 'granted',
			action: 'revoke',
			details: { after: null }
		});
		await expect(people.grantAdmin(as('leader'), 'leader')).rejects.toThrow(Forbidden);
		expect(await roles.can(as('leader'), { action: 'admin' })).toBe(false);
	});

	it('an admin sets the campus a person studies at (for registration pools of a campus), audited; an unknown campus is refused, nothing changed', async () => {
		const [campus] = await db.selectFrom('campuses').select('id').orderBy('sort').execute();
		const campusOf = async () => (await people.person(as('admin'), 'outsider', NOW))?.campusId;
		expect(await campusOf()).toBeNull();
		expect(
			await people.setCampus(as('admin'), { userId: 'outsider', campusId: campus!.id }, NOW)
		).toEqual({ ok: true });
		expect(await campusOf()).toBe(campus!.id);
		expect(
			await people.setCampus(as('admin'), { userId: 'outsider', campusId: 'atlantis' }, NOW)
		).toEqual({ ok: false, reason: 'not_found' });
		expect(await people.setCampus(as('admin'), { userId: 'nobody', campusId: null }, NOW)).toEqual({
			ok: false,
			reason: 'not_found'
		});
		await expect(
			people.setCampus(as('leader'), { userId: 'outsider', campusId: null }, NOW)
		).rejects.toThrow(Forbidden);
		expect(await campusOf()).toBe(campus!.id);
		expect(
			await people.setCampus(as('admin'), { userId: 'outsider', campusId: null }, NOW)
		).toEqual({ ok: true });
		expect(await campusOf()).toBeNull();
		const entries = (await trail(db, 'user', 'outsider')).filter((e) => e.action === 'set_campus');
		expect(entries).toHaveLength(2);
	});

	it('gives and takes the safety role, audited; admins only, and an admin does not have it as such', async () => {
		// 'granted' is an admin who also holds the safety role (given by the listed 'member').
		await db
			.insertInto('safety_grants')
			.values({ user_id: 'granted', granted_by: 'member', granted_at: '2026-02-01' })
			.execute();
		const grants = () =>
			db.selectFrom('safety_grants').select('user_id').orderBy('user_id').execute();
		expect(await people.grantSafety(as('granted'), 'outsider', NOW)).toEqual({ ok: true });
		expect(await roles.can(as('outsider'), { action: 'safety' })).toBe(true);
		expect(await people.grantSafety(as('granted'), 'outsider', NOW)).toEqual({
			ok: false,
			reason: 'already_safety'
		});
		expect(await people.grantSafety(as('granted'), 'member')).toEqual({
			ok: false,
			reason: 'already_safety'
		});
		expect(await people.grantSafety(as('granted'), 'unverified')).toEqual({
			ok: false,
			reason: 'unverified'
		});
		const shown = await people.person(as('granted'), 'outsider', NOW);
		expect(shown?.safety).toMatchObject({
			byEmails: false,
			grant: { grantedBy: 'granted', grantedAt: NOW.toISOString() }
		});
		expect((await people.person(as('granted'), 'member', NOW))?.safety.byEmails).toBe(true);
		await expect(people.grantSafety(as('leader'), 'leader')).rejects.toThrow(Forbidden);
		await expect(people.revokeSafety(as('outsider'), 'outsider')).rejects.toThrow(Forbidden);
		expect(await people.revokeSafety(as('granted'), 'outsider', NOW)).toEqual({ ok: true });
		expect(await roles.can(as('outsider'), { action: 'safety' })).toBe(false);
		expect((await trail(db, 'safety_grant', 'outsider')).map((e) => e.action)).toEqual([
			'grant',
			'revoke'
		]);
		expect(await grants()).toEqual([{ user_id: 'granted' }]);
	});

	it('the safety role comes from SAFETY_EMAILS or another holder: an admin as such neither grants nor revokes it, no one grants it to themselves', async () => {
		await db
			.insertInto('safety_grants')
			.values([
				{ user_id: 'granted', granted_by: 'member', granted_at: '2026-02-01' },
				{ user_id: 'outsider', granted_by: 'member', granted_at: '2026-02-01' }
			])
			.execute();
		const state = async () =>
			JSON.stringify([
				await db.selectFrom('safety_grants').selectAll().orderBy('user_id').execute(),
				await trail(db, 'safety_grant', 'admin'),
				await trail(db, 'safety_grant', 'leader'),
				await trail(db, 'safety_grant', 'outsider')
			]);
		const before = await state();
		// The admin without the role: not to themselves, not to anyone, and takes it from no one.
		await expect(people.grantSafety(as('admin'), 'admin', NOW)).rejects.toThrow(Forbidden);
		await expect(people.grantSafety(as('admin'), 'leader', NOW)).rejects.toThrow(Forbidden);
		await expect(people.revokeSafety(as('admin'), 'outsider', NOW)).rejects.toThrow(Forbidden);
		// A holder who is no admin: the people pages are the admins'.
		await expect(people.grantSafety(as('member'), 'leader', NOW)).rejects.toThrow(Forbidden);
		expect(await state()).toBe(before);
		expect(await roles.can(as('admin'), { action: 'safety' })).toBe(false);

		// A holder (an admin too) gives it to another, never to themselves.
		expect(await people.grantSafety(as('granted'), 'granted', NOW)).toEqual({
			ok: false,
			reason: 'own_safety_grant'
		});
		expect(await people.grantSafety(as('granted'), 'admin', NOW)).toEqual({ ok: true });
		expect(await roles.can(as('admin'), { action: 'safety' })).toBe(true);
		expect((await trail(db, 'safety_grant', 'admin')).at(-1)).toMatchObject({
			actor: 'granted',
			action: 'grant'
		});

		// The page tells who may change it: holders, and only of others when granting.
		expect((await people.person(as('granted'), 'leader', NOW))?.safety.mayChange).toBe(true);
		expect((await people.person(as('granted'), 'leader', NOW))?.isSelf).toBe(false);

		// A holder may step down: taking one's own grant locks no one out of anything.
		expect(await people.revokeSafety(as('granted'), 'granted', NOW)).toEqual({ ok: true });
		expect(await roles.can(as('granted'), { action: 'safety' })).toBe(false);
		expect((await people.person(as('granted'), 'leader', NOW))?.safety.mayChange).toBe(false);
		await expect(people.grantSafety(as('granted'), 'leader', NOW)).rejects.toThrow(Forbidden);
	});

	it("revokes one of a person's sessions or all of them, audited, and never another person's", async () => {
		const session = (id: string, userId: string) => ({
			id,
			user_id: userId,
			secret_hash: `hash-${id}`,
			created_at: NOW.toISOString(),
			expires_at: '2026-12-24T12:00:00.000Z'
		});
		await db
			.insertInto('sessions')
			.values([session('s1', 'member'), session('s2', 'member'), session('s3', 'outsider')])
			.execute();
		expect(await people.revokeSession(as('admin'), { userId: 'member', sessionId: 's3' })).toEqual({
			ok: false,
			reason: 'not_found'
		});
		expect(
			await people.revokeSession(as('admin'), { userId: 'member', sessionId: 's1' }, NOW)
		).toEqual({ ok: true });
		expect((await people.person(as('admin'), 'member', NOW))?.sessions.map((s) => s.id)).toEqual([
			's2'
		]);
		expect(await people.revokeAllSessions(as('admin'), 'member', NOW)).toEqual({
			ok: true,
			count: 1
		});
		const live = await db
			.selectFrom('sessions')
			.select('id')
			.where('revoked_at', 'is', null)
			.execute();
		expect(live.map((s) => s.id)).toEqual(['s3']);
		expect((await trail(db, 'user', 'member')).map((e) => [e.action, e.details.after])).toEqual([
			['revoke_session', { session: { id: 's1', revoked_at: NOW.toISOString() } }],
			['revoke_all_sessions', { live_sessions: 0 }]
		]);
		await expect(people.revokeAllSessions(as('leader'), 'outsider')).rejects.toThrow(Forbidden);
	});

	it("shows an account's page: roles, grant, sessions and its history with names", async () => {
		await people.setTeamRole(as('leader'), {
			unitId: 'board-oslo',
			userId: 'member',
			role: 'finance'
		});
		await people.grantAdmin(as('admin'), 'member');
		const person = await people.person(as('admin'), 'member', NOW);
		expect(person).toMatchObject({
			id: 'member',
			name: 'Mia Member',
			email: 'member@example.org',
			verified: true,
			hasPassword: false,
			admin: { byEmails: false, byGrant: true },
			grant: { grantedBy: 'admin', grantedByName: 'admin' },
			units: [{ unitId: 'board-oslo', role: 'finance' }],
			isSelf: false
		});
		expect(person?.history.map((h) => [h.action, h.actorName, h.subjectName])).toEqual([
			['grant', 'admin', 'Mia Member'],
			['change_role', 'Lea Leader', 'Mia Member']
		]);
		expect((await people.person(as('admin'), 'admin'))?.isSelf).toBe(true);
	});

	it("shows a unit's team with its pending invitations and history; invitations are audited without the address", async () => {
		const store = sqlIdentityStore(db);
		const mail = mailer(db, null, { from: 'x <x@localhost>' });
		const identity = identityService(store, { ttlDays: 30, mail, signupDomains: null });
		const invitations = invitationsService(store, roles, identity, mail);
		const made = await invitations.invite(
			as('leader'),
			{ unitId: 'board-oslo', email: 'new@example.org', role: 'finance', locale: 'en' },
			(t) => `http://x/i?token=${t}`,
			NOW
		);
		const team = await people.team(as('leader'), 'board-oslo', NOW);
		expect(team?.members.map((m) => [m.userId, m.role])).toEqual([
			['leader', 'leader'],
			['member', 'member']
		]);
		expect(team?.pending.map((i) => i.email)).toEqual(['new@example.org']);
		expect(team?.callerIsAdmin).toBe(false);
		expect(await invitations.revoke(as('leader'), 'board-oslo', made.id, NOW)).toBe(true);
		const after = await people.team(as('leader'), 'board-oslo', NOW);
		expect(after?.pending).toEqual([]);
		expect(after?.history.map((h) => [h.subjectType, h.action, h.actorName])).toEqual([
			['invitation', 'revoke', 'Lea Leader'],
			['invitation', 'create', 'Lea Leader']
		]);
		const logged = await db.selectFrom('audit_log').select('details').execute();
		expect(JSON.stringify(logged)).not.toContain('new@example.org');
		expect(await people.team(as('admin'), 'nowhere')).toBeNull();
	});

	it('lists the units whose team the caller manages', async () => {
		expect((await people.managedUnits(as('leader'))).map((u) => u.id)).toEqual(['board-oslo']);
		expect((await people.managedUnits(as('member'))).map((u) => u.id)).toEqual([]);
		expect((await people.managedUnits(as('admin'))).map((u) => u.id)).toEqual([
			'board-oslo',
			'events-oslo',
			'sport-bergen',
			'board-trondheim'
		]);
		expect(await people.managedUnits(visitor)).toEqual([]);
	});
});
