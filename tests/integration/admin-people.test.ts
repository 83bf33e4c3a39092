// The admin's people pages over real HTTP against the built server, as a browser without
// JavaScript uses them: /admin/people (users), /admin/people/{id} (one account) and
// /admin/units/{id}/team (a unit's team). For every action the role allowed succeeds and leaves
// its audit entry with before and after; a member, a leader of another unit and a visitor are
// refused (404, or 303 to sign in) with nothing changed; a post from another origin is refused.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole } from '../helpers/expense-claims';
import { createSession, withDb } from '../helpers/fixtures';
import { Browser } from '../helpers/identity';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({
		ADMIN_EMAILS: 'admin@example.org',
		...NO_RATE_LIMITS
	});
});
afterAll(() => server?.stop());

interface Person {
	id: string;
	b: Browser;
}

type Role = { unit: string; role: 'leader' | 'finance' | 'member' };

function person(name: string, role?: Role, email?: string): Person {
	const session = createSession(server.dbFile, { name, email });
	const b = new Browser(server.url, { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` });
	b.setCookie('session', session.secret);
	if (role) addRole(server.dbFile, session.userId, role.unit, role.role);
	return { id: session.userId, b };
}

const visitor = () => new Browser(server.url);

/** The staff and non-staff who are refused what is not theirs (visitors are browsers without a cookie). */
function cast() {
	return {
		leader: person('Leif Leader', { unit: 'board-oslo', role: 'leader' }),
		otherLeader: person('Otto Other', { unit: 'events-oslo', role: 'leader' }),
		member: person('Mia Member', { unit: 'board-oslo', role: 'member' })
	};
}

function admin(): Person {
	// ADMIN_EMAILS names one address; each test's admin is granted in the database instead.
	const p = person('Ada Admin');
	withDb(server.dbFile, (db) =>
		db
			.prepare('insert into admin_grants (user_id, granted_by, granted_at) values (?, ?, ?)')
			.run(p.id, 'system:test', new Date().toISOString())
	);
	return p;
}

const q = <T>(sql: string, ...args: unknown[]) =>
	withDb(server.dbFile, (db) => db.prepare(sql).all(...args)) as T[];
const roleOf = (unit: string, user: string) =>
	q<{ role: string }>(
		'select role from team_members where unit_id = ? and user_id = ?',
		unit,
		user
	)[0]?.role ?? null;
const auditCount = () => q<{ n: number }>('select count(*) n from audit_log')[0]!.n;
const lastAudit = (type: string, id: string) => {
	const row = q<{ actor: string; action: string; details: string }>(
		'select actor, action, details from audit_log where subject_type = ? and subject_id = ? order by id desc limit 1',
		type,
		id
	)[0];
	return row ? { ...row, details: JSON.parse(row.details) as Record<string, unknown> } : null;
};

/** Everything an action could change, to compare before and after a refused post. */
const snapshot = () =>
	JSON.stringify({
		teams: q('select * from team_members order by unit_id, user_id'),
		grants: q('select * from admin_grants order by user_id'),
		sessions: q('select id, revoked_at from sessions order by id'),
		users: q('select id, name, email, deleted_at from users order by id'),
		invitations: q('select id, revoked_at from invitations order by id'),
		audit: auditCount()
	});

async function expectRefused(
	refused: { member: Person; otherLeader: Person; leader?: Person },
	path: string,
	form: Record<string, string>
) {
	const before = snapshot();
	for (const [who, p] of Object.entries(refused)) {
		if (!p) continue;
		const res = await p.b.post(path, form);
		expect(res.status, `${who} ${path}`).toBe(404);
	}
	const anonymous = await visitor().post(path, form);
	expect(anonymous.status, `visitor ${path}`).toBe(303);
	expect(anonymous.headers.get('location')).toMatch(/\/auth\/login\?redirectTo=/);
	expect(snapshot(), `nothing changed after refused ${path}`).toBe(before);
}

describe('who sees the people pages', () => {
	it('shows users and an account to admins only; a unit team to its leaders and admins', async () => {
		const { leader, otherLeader, member } = cast();
		const ada = admin();
		const pages = [
			['/en/admin/people', [ada]],
			['/no/admin/people?q=leif', [ada]],
			[`/en/admin/people/${member.id}`, [ada]],
			['/en/admin/units/board-oslo/team', [ada, leader]],
			['/no/admin/units/board-oslo/team', [ada, leader]]
		] as const;
		for (const [path, allowed] of pages) {
			for (const p of [ada, leader, otherLeader, member]) {
				const res = await p.b.get(path);
				expect(res.status, `${path} as ${p.id}`).toBe(
					(allowed as readonly Person[]).includes(p) ? 200 : 404
				);
			}
			const anonymous = await visitor().get(path);
			expect(anonymous.status).toBe(303);
			expect(anonymous.headers.get('location')).toMatch(/\/auth\/login\?redirectTo=/);
		}
		// The list finds by name, with each person's roles at a glance.
		const list = await (await ada.b.get('/en/admin/people?q=Leif')).text();
		expect(list).toContain(`data-user-id="${leader.id}"`);
		expect(list).toContain('Oslo Board: leader');
		expect(list).not.toContain(`data-user-id="${member.id}"`);
		// A leader's "My units" lists their own unit's team only.
		const mine = await (await leader.b.get('/en/admin/units')).text();
		expect(mine).toContain('/en/admin/units/board-oslo/team');
		expect(mine).not.toContain('/en/admin/units/events-oslo/team');
		expect(mine).toContain('My units');
	});
});

describe("an account's page: every action, its audit entry, and who is refused", () => {
	it('adds a unit role, changes it and removes it', async () => {
		const { leader, otherLeader, member } = cast();
		const ada = admin();
		const target = person('Tor Target');
		const path = `/en/admin/people/${target.id}`;

		await expectRefused({ member, otherLeader, leader }, `${path}?/team`, {
			unitId: 'board-oslo',
			role: 'member'
		});
		const added = await ada.b.post(`${path}?/team`, { unitId: 'board-oslo', role: 'member' });
		expect(added.status).toBe(200);
		expect(roleOf('board-oslo', target.id)).toBe('member');
		expect(lastAudit('team_member', `board-oslo:${target.id}`)).toMatchObject({
			actor: ada.id,
			action: 'add',
			details: { before: null, after: { role: 'member' } }
		});

		// The unit's own leader too: a person's page is the admins' (leaders use the team page).
		await expectRefused({ member, otherLeader, leader }, `${path}?/team`, {
			unitId: 'board-oslo',
			role: 'finance'
		});
		expect(
			(await ada.b.post(`${path}?/team`, { unitId: 'board-oslo', role: 'finance' })).status
		).toBe(200);
		expect(lastAudit('team_member', `board-oslo:${target.id}`)).toMatchObject({
			action: 'change_role',
			details: { before: { role: 'member' }, after: { role: 'finance' } }
		});

		await expectRefused({ member, otherLeader, leader }, `${path}?/removeTeam`, {
			unitId: 'board-oslo'
		});
		expect((await ada.b.post(`${path}?/removeTeam`, { unitId: 'board-oslo' })).status).toBe(200);
		expect(roleOf('board-oslo', target.id)).toBeNull();
		expect(lastAudit('team_member', `board-oslo:${target.id}`)).toMatchObject({
			action: 'remove',
			details: { before: { role: 'finance' }, after: null }
		});
		// The account's page shows its history, and the dashboard the latest change.
		const html = await (await ada.b.get(path)).text();
		expect(html).toContain('data-action="team_member:remove"');
		expect(html).toContain('Removed from the team');
		// ...in words, naming the person and the unit rather than their ids.
		const dashboard = await (await ada.b.get('/en/admin')).text();
		expect(dashboard).toMatch(
			/Removed from the team –\s*(<!--[^>]*-->)*team role of Tor Target in Oslo Board/
		);
		expect(dashboard).not.toContain(target.id);
	});

	it('keeps the typed values and says what is wrong when a post does not validate', async () => {
		const ada = admin();
		const target = person('Vera Valid');
		const before = snapshot();
		const res = await ada.b.post(`/en/admin/people/${target.id}?/delete`, {
			reason: 'x'
		});
		expect(res.status).toBe(400);
		const html = await res.text();
		expect(html).toMatch(/id="delete-reason"[^>]*aria-invalid="true"/);
		expect(html).toContain('Say when and how the person asked');
		expect(html).toMatch(/<textarea[^>]*>x<\/textarea>/);
		expect(html).toContain('role="alert"');
		const badRole = await ada.b.post(`/en/admin/people/${target.id}?/team`, {
			unitId: 'board-oslo',
			role: 'king'
		});
		expect(badRole.status).toBe(400);
		expect(snapshot()).toBe(before);
	});

	it('grants admin rights in the database and takes them back; not one’s own, not ADMIN_EMAILS', async () => {
		const { leader, otherLeader, member } = cast();
		const ada = admin();
		const target = person('Gro Granted');
		const path = `/en/admin/people/${target.id}`;

		await expectRefused({ member, otherLeader, leader }, `${path}?/grant`, {});
		expect((await ada.b.post(`${path}?/grant`, {})).status).toBe(200);
		expect(q('select granted_by from admin_grants where user_id = ?', target.id)).toEqual([
			{ granted_by: ada.id }
		]);
		expect(lastAudit('admin_grant', target.id)).toMatchObject({
			actor: ada.id,
			action: 'grant',
			details: { before: null, after: { granted_by: ada.id } }
		});
		// The new admin gets in at once.
		expect((await target.b.get('/en/admin/people')).status).toBe(200);

		await expectRefused({ member, otherLeader, leader }, `${path}?/revokeGrant`, {});
		// Not one's own grant.
		const own = await target.b.post(`${path}?/revokeGrant`, {});
		expect(own.status).toBe(409);
		expect(await own.text()).toContain('You cannot take back your own admin rights');
		expect((await ada.b.post(`${path}?/revokeGrant`, {})).status).toBe(200);
		expect(q('select * from admin_grants where user_id = ?', target.id)).toEqual([]);
		expect(lastAudit('admin_grant', target.id)).toMatchObject({
			action: 'revoke',
			details: { after: null }
		});
		expect((await target.b.get('/en/admin/people')).status).toBe(404);

		// ADMIN_EMAILS: shown as such, with nothing to revoke here.
		const configured = person('Conf Admin', undefined, 'admin@example.org');
		const page = await (await ada.b.get(`/en/admin/people/${configured.id}`)).text();
		expect(page).toContain('data-testid="admin-by-emails"');
		expect(page).not.toContain('?/revokeGrant');
		const revoke = await ada.b.post(`/en/admin/people/${configured.id}?/revokeGrant`, {});
		expect(revoke.status).toBe(409);
		expect((await configured.b.get('/en/admin/people')).status).toBe(200);
	});

	it('signs a person out of one session, then everywhere; the old cookie no longer signs in', async () => {
		const { leader, otherLeader, member } = cast();
		const ada = admin();
		const target = person('Sigrid Sessions');
		const second = createSession(server.dbFile);
		withDb(server.dbFile, (db) =>
			db.prepare('update sessions set user_id = ? where user_id = ?').run(target.id, second.userId)
		);
		const path = `/en/admin/people/${target.id}`;
		const sessionIds = () =>
			q<{ id: string }>(
				'select id from sessions where user_id = ? and revoked_at is null order by id',
				target.id
			).map((s) => s.id);
		const [one] = sessionIds();

		await expectRefused({ member, otherLeader, leader }, `${path}?/revokeSession`, {
			sessionId: one!
		});
		expect((await ada.b.post(`${path}?/revokeSession`, { sessionId: one! })).status).toBe(200);
		expect(sessionIds()).toHaveLength(1);
		expect(lastAudit('user', target.id)).toMatchObject({
			actor: ada.id,
			action: 'revoke_session',
			details: { before: { session: { id: one, revoked_at: null } } }
		});

		await expectRefused({ member, otherLeader, leader }, `${path}?/revokeSessions`, {});
		expect((await ada.b.post(`${path}?/revokeSessions`, {})).status).toBe(200);
		expect(sessionIds()).toEqual([]);
		expect(lastAudit('user', target.id)).toMatchObject({
			action: 'revoke_all_sessions',
			details: { before: { live_sessions: 1 }, after: { live_sessions: 0 } }
		});
		const after = await target.b.get('/en/profile');
		expect(after.status).toBe(303);
		expect(after.headers.get('location')).toMatch(/\/auth\/login/);
	});

	it("downloads a person's data on request, audited; nobody else may", async () => {
		const { leader, otherLeader, member } = cast();
		const ada = admin();
		const target = person('Dora Data', { unit: 'events-oslo', role: 'member' });
		const path = `/en/admin/people/${target.id}/data`;
		await expectRefused({ member, otherLeader, leader }, path, {});
		const res = await ada.b.post(path, {});
		expect(res.status).toBe(200);
		expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orgweb-data-/);
		const data = (await res.json()) as { account: { id: string }; teamRoles: { unitId: string }[] };
		expect(data.account.id).toBe(target.id);
		expect(data.teamRoles.map((t) => t.unitId)).toEqual(['events-oslo']);
		expect(lastAudit('user', target.id)).toMatchObject({
			actor: ada.id,
			action: 'export',
			details: { by: 'admin' }
		});
	});

	it('deletes an account on request with the reason; the person is signed out at once', async () => {
		const { leader, otherLeader, member } = cast();
		const ada = admin();
		const target = person('Frida Forget', { unit: 'board-oslo', role: 'finance' });
		const path = `/en/admin/people/${target.id}?/delete`;
		const form = { reason: 'E-mail of 20 November', confirm: 'on' };
		await expectRefused({ member, otherLeader, leader }, path, form);
		// Without the box ticked nothing happens.
		const unticked = await ada.b.post(path, { reason: 'E-mail of 20 November' });
		expect(unticked.status).toBe(400);
		expect(await unticked.text()).toContain('E-mail of 20 November');
		expect(roleOf('board-oslo', target.id)).toBe('finance');

		const res = await ada.b.post(path, form);
		expect(res.status).toBe(200);
		expect(await res.text()).toContain('The account was deleted.');
		expect(
			q('select name, email, password_hash, deleted_at from users where id = ?', target.id)[0]
		).toMatchObject({ name: 'Deleted user', email: null, password_hash: null });
		expect(q('select id from sessions where user_id = ?', target.id)).toEqual([]);
		expect(roleOf('board-oslo', target.id)).toBeNull();
		expect(lastAudit('user', target.id)).toMatchObject({
			actor: ada.id,
			action: 'delete',
			details: { by: 'admin', reason: 'E-mail of 20 November' }
		});
		expect((await target.b.get('/en/profile')).status).toBe(303);
		// An admin does not delete their own account here.
		const own = await ada.b.post(`/en/admin/people/${ada.id}?/delete`, form);
		expect(own.status).toBe(409);
		expect(q('select deleted_at from users where id = ?', ada.id)).toEqual([{ deleted_at: null }]);
	});
});

describe("a unit's team page: its leaders and admins, nobody else", () => {
	it('lets the leader change a role and remove a member of their own unit, audited', async () => {
		const { leader, otherLeader, member } = cast();
		const mate = person('Kari Kamerat', { unit: 'board-oslo', role: 'member' });
		const path = '/en/admin/units/board-oslo/team';

		await expectRefused({ member, otherLeader }, `${path}?/role`, {
			userId: mate.id,
			role: 'finance'
		});
		const changed = await leader.b.post(`${path}?/role`, { userId: mate.id, role: 'finance' });
		expect(changed.status).toBe(200);
		expect(roleOf('board-oslo', mate.id)).toBe('finance');
		expect(lastAudit('team_member', `board-oslo:${mate.id}`)).toMatchObject({
			actor: leader.id,
			action: 'change_role',
			details: { before: { role: 'member' }, after: { role: 'finance' } }
		});

		await expectRefused({ member, otherLeader }, `${path}?/remove`, { userId: mate.id });
		expect((await leader.b.post(`${path}?/remove`, { userId: mate.id })).status).toBe(200);
		expect(roleOf('board-oslo', mate.id)).toBeNull();
		expect(lastAudit('team_member', `board-oslo:${mate.id}`)).toMatchObject({
			action: 'remove',
			details: { before: { role: 'finance' }, after: null }
		});

		// The same leader is refused on another unit's team.
		const foreign = person('Erik Events', { unit: 'events-oslo', role: 'member' });
		const before = snapshot();
		const res = await leader.b.post('/en/admin/units/events-oslo/team?/role', {
			userId: foreign.id,
			role: 'leader'
		});
		expect(res.status).toBe(404);
		expect(snapshot()).toBe(before);
	});

	it('refuses to leave a unit without a leader, and says why', async () => {
		const leader = person('Lone Leader', { unit: 'sport-bergen', role: 'leader' });
		const before = snapshot();
		const res = await leader.b.post('/no/admin/units/sport-bergen/team?/role', {
			userId: leader.id,
			role: 'member'
		});
		expect(res.status).toBe(409);
		const html = await res.text();
		expect(html).toContain('role="alert"');
		expect(html).toContain('Enheten trenger en leder');
		expect(
			(await leader.b.post('/no/admin/units/sport-bergen/team?/remove', { userId: leader.id }))
				.status
		).toBe(409);
		expect(snapshot()).toBe(before);
		// With a second leader they may step down, and are sent back to the dashboard.
		const second = person('Second Leader', { unit: 'sport-bergen', role: 'leader' });
		const stepped = await leader.b.post('/en/admin/units/sport-bergen/team?/role', {
			userId: leader.id,
			role: 'member'
		});
		expect(stepped.status).toBe(303);
		expect(stepped.headers.get('location')).toBe('/en/admin');
		expect(roleOf('sport-bergen', leader.id)).toBe('member');
		expect(roleOf('sport-bergen', second.id)).toBe('leader');
	});

	it('invites through the invitations service and revokes, audited without the address', async () => {
		const { leader, otherLeader, member } = cast();
		const path = '/en/admin/units/board-oslo/team';
		const email = `new-${randomBytes(3).toString('hex')}@example.org`;
		const pending = () =>
			q<{ id: string; revoked_at: string | null }>(
				'select id, revoked_at from invitations where email = ?',
				email
			);

		await expectRefused({ member, otherLeader }, `${path}?/invite`, { email, role: 'member' });
		expect(pending()).toEqual([]);
		expect(q('select id from mail_outbox where to_address = ?', email)).toEqual([]);

		const invited = await leader.b.post(`${path}?/invite`, { email, role: 'member' });
		expect(invited.status).toBe(200);
		expect(await invited.text()).toContain('data-testid="invite-link"');
		const [invitation] = pending();
		expect(lastAudit('invitation', `board-oslo:${invitation!.id}`)).toMatchObject({
			actor: leader.id,
			action: 'create',
			details: { before: null, after: { role: 'member' } }
		});

		await expectRefused({ member, otherLeader }, `${path}?/revoke`, {
			invitationId: invitation!.id
		});

		expect((await leader.b.post(`${path}?/revoke`, { invitationId: invitation!.id })).status).toBe(
			200
		);
		expect(pending()[0]?.revoked_at).not.toBeNull();
		expect(lastAudit('invitation', `board-oslo:${invitation!.id}`)).toMatchObject({
			actor: leader.id,
			action: 'revoke',
			details: { before: { revoked_at: null } }
		});
		expect(JSON.stringify(q('select details from audit_log'))).not.toContain(email);
	});

	it('refuses a post from another origin and changes nothing', async () => {
		const ada = admin();
		const target = person('Cross Site', { unit: 'board-oslo', role: 'member' });
		const before = snapshot();
		for (const path of [
			`/en/admin/people/${target.id}?/grant`,
			`/en/admin/people/${target.id}?/delete`,
			`/en/admin/people/${target.id}/data`,
			'/en/admin/units/board-oslo/team?/remove'
		]) {
			const res = await ada.b.request(path, {
				method: 'POST',
				headers: {
					accept: 'text/html',
					origin: 'https://evil.example',
					'content-type': 'application/x-www-form-urlencoded'
				},
				body: new URLSearchParams({
					userId: target.id,
					reason: 'forged request',
					confirm: 'on'
				})
			});
			expect(res.status, path).toBe(403);
		}
		expect(snapshot()).toBe(before);
	});
});
