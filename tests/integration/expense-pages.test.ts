// The expense list (/fs) and a claim's page (/fs/{id}) over real HTTP against the built server,
// as a browser without JavaScript uses them: the filter and sums, the approver's queue, every
// decision as a plain form post, two approvers at the same moment, and another user's claim,
// which answers exactly like one that does not exist. Claims are made through the domain.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/lib/format';
import {
	addRole,
	claimsOn,
	EXPENSE_SERVER_ENV,
	receiptLine,
	recentDate
} from '../helpers/expense-claims';
import { createSession, withDb } from '../helpers/fixtures';
import { Browser } from '../helpers/identity';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let claims: ReturnType<typeof claimsOn>;

beforeAll(async () => {
	server = await startServer({
		...EXPENSE_SERVER_ENV,
		...NO_RATE_LIMITS,
		TRUST_PROXY: 'true'
	});
	claims = claimsOn(server.dbFile);
});
afterAll(async () => {
	await claims?.close();
	await server?.stop();
});

interface Person {
	id: string;
	b: Browser;
}

/** A signed-in person with their own browser (and address); `role` in board-oslo or elsewhere. */
function person(name: string, role?: { unit: string; role: 'leader' | 'finance' }): Person {
	const session = createSession(server.dbFile, { name });
	const b = new Browser(server.url, { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` });
	b.setCookie('session', session.secret);
	if (role) addRole(server.dbFile, session.userId, role.unit, role.role);
	return { id: session.userId, b };
}

/** A claimant with the leader and finance role of board-oslo beside them. */
function team() {
	return {
		claimant: person('Clara Claimant'),
		leader: person('Leif Leader', { unit: 'board-oslo', role: 'leader' }),
		finance: person('Fiona Finance', { unit: 'board-oslo', role: 'finance' })
	};
}

const idsIn = (html: string, testId: string) => {
	const start = html.indexOf(`data-testid="${testId}"`);
	if (start === -1) return null;
	const part = html.slice(start, html.indexOf('</section>', start));
	return [...part.matchAll(/data-claim-id="([^"]+)"/g)].map((m) => m[1]);
};
const testIdText = (html: string, testId: string) =>
	new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();

const act = (p: Person, id: string, action: string, form: Record<string, string>, lang = 'en') =>
	p.b.post(`/${lang}/fs/${id}?/${action}`, form);

const mailsTo = (userId: string, kind: string) =>
	(
		withDb(server.dbFile, (d) =>
			d
				.prepare('select count(*) n from mail_outbox where to_address = ? and kind = ?')
				.get(`${userId}@example.org`, kind)
		) as { n: number }
	).n;

const trailActions = (id: string) =>
	(
		withDb(server.dbFile, (d) =>
			d
				.prepare(
					"select action from audit_log where subject_type = 'expense_claim' and subject_id = ? order by id"
				)
				.all(id)
		) as { action: string }[]
	).map((r) => r.action);

describe('/fs: own claims and the queue', () => {
	it('lists only the caller’s claims, newest first, with a status filter and the sums of what is listed', async () => {
		const { claimant } = team();
		const other = person('Otto Other');
		const first = await claims.draft(claimant.id, { lines: [receiptLine('100')] });
		const second = await claims.submitted(claimant.id, {
			lines: [receiptLine('250')],
			advance: '50'
		});
		const foreign = await claims.draft(other.id);

		const all = await claimant.b.get('/en/fs');
		expect(all.status).toBe(200);
		const html = await all.text();
		expect(idsIn(html, 'mine')).toEqual([second, first]);
		expect(html).not.toContain(foreign);
		expect(testIdText(html, 'own-count')).toBe('2');
		expect(testIdText(html, 'own-total')).toBe(formatPrice(35_000, 'en'));
		expect(testIdText(html, 'own-owed')).toBe(formatPrice(30_000, 'en'));
		// Not an approver: no queue at all.
		expect(idsIn(html, 'queue')).toBeNull();

		const submitted = await (await claimant.b.get('/en/fs?status=submitted')).text();
		expect(idsIn(submitted, 'mine')).toEqual([second]);
		expect(testIdText(submitted, 'own-count')).toBe('1');
		expect(testIdText(submitted, 'own-owed')).toBe(formatPrice(20_000, 'en'));
		expect(submitted).toMatch(/<option value="submitted" selected/);

		const paid = await (await claimant.b.get('/no/fs?status=paid')).text();
		expect(idsIn(paid, 'mine')).toEqual([]);
		expect(paid).toContain('Du har ingen refusjoner med denne statusen.');

		// An unknown status lists everything rather than failing.
		const unknown = await claimant.b.get('/en/fs?status=%3Cscript%3E');
		expect(unknown.status).toBe(200);
		expect(idsIn(await unknown.text(), 'mine')).toEqual([second, first]);
	});

	it("the approver's queue holds only submitted claims of their units, oldest first, with who and how much", async () => {
		const { claimant, leader } = team();
		const older = await claims.submitted(claimant.id, { purpose: 'Older claim' });
		const newer = await claims.submitted(claimant.id, {
			purpose: 'Newer claim',
			lines: [receiptLine('6000')]
		});
		await claims.draft(claimant.id, { purpose: 'Still a draft' });
		const bergen = await claims.submitted(claimant.id, {
			campusId: 'bergen',
			unitId: 'sport-bergen',
			purpose: 'Bergen claim'
		});
		const html = await (await leader.b.get('/en/fs')).text();
		const queue = idsIn(html, 'queue') ?? [];
		// Other tests' claims of board-oslo may wait too; these two keep their order.
		expect(queue.filter((id) => id === older || id === newer)).toEqual([older, newer]);
		expect(queue).not.toContain(bergen);
		expect(html).not.toContain('Still a draft');
		expect(html).toContain('Clara Claimant');
		expect(html).toContain('Oslo Board');
		expect(html).toContain(formatPrice(600_000, 'en'));
		expect(html).toContain('Finance must approve too');
		// Their own list is empty and says so.
		expect(idsIn(html, 'mine')).toEqual([]);
		expect(html).toContain('You have no expense claims yet.');

		const noQueue = await (await person('Nils Nobody').b.get('/no/fs')).text();
		expect(idsIn(noQueue, 'queue')).toBeNull();
	});
});

describe('/fs/{id}: the claim and its decisions', () => {
	it('submit, approve, reveal and pay as plain form posts: each answers 303 with ?done=, the trail and e-mails follow', async () => {
		const { claimant, leader, finance } = team();
		const id = await claims.draft(claimant.id);
		let state = claims.state(id);

		const submit = await act(claimant, id, 'submit', { version: String(state.version) });
		expect(submit.status).toBe(303);
		expect(submit.headers.get('location')).toBe(`/en/fs/${id}?done=submit`);
		const shown = await (await claimant.b.get(`/en/fs/${id}?done=submit`)).text();
		expect(shown).toMatch(/role="status"[^>]*>\s*The claim was submitted/);
		expect(mailsTo(leader.id, 'expense-submitted')).toBe(1);
		expect(mailsTo(finance.id, 'expense-submitted')).toBe(1);

		// The approver sees the account masked; the claimant in full.
		const forLeader = await (await leader.b.get(`/en/fs/${id}`)).text();
		expect(testIdText(forLeader, 'payout-account')).not.toContain('8601 11 17947');
		expect(testIdText(forLeader, 'payout-account')).toMatch(/947$/);
		expect(testIdText(shown, 'payout-account')).toBe('8601 11 17947');

		expect(shown).toMatch(
			/The claim was submitted\. An e-mail went to the unit's leaders and finance \(\d+\)\./
		);
		expect(mailsTo(claimant.id, 'expense-received')).toBe(1);

		// Approving is confirmed with a ticked box; a post without it changes nothing.
		state = claims.state(id);
		const unconfirmed = await act(leader, id, 'approve', { version: String(state.version) });
		expect(unconfirmed.status).toBe(400);
		expect(await unconfirmed.text()).toMatch(
			/role="alert"[^>]*>\s*Tick the box to confirm first\./
		);
		expect(claims.state(id)).toEqual(state);
		const approve = await act(leader, id, 'approve', {
			version: String(state.version),
			confirm: 'yes'
		});
		expect(approve.status).toBe(303);
		expect(approve.headers.get('location')).toBe(`/en/fs/${id}?done=approve`);
		expect(mailsTo(claimant.id, 'expense-approved')).toBe(1);
		expect(mailsTo(finance.id, 'expense-to-pay')).toBe(1);
		const approved = await (await leader.b.get(`/en/fs/${id}?done=approve`)).text();
		expect(approved).toMatch(
			/The claim was approved\. An e-mail went to the unit's finance \(\d+\), who pay it out next\./
		);

		// Finance looks at the full account once (audited), then pays out.
		const reveal = await act(finance, id, 'reveal', { version: String(claims.state(id).version) });
		expect(reveal.status).toBe(200);
		expect(testIdText(await reveal.text(), 'revealed')).toBe('Full account: 8601 11 17947');

		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
		const pay = await act(
			finance,
			id,
			'pay',
			{ version: String(claims.state(id).version), payoutDate: today, confirm: 'yes' },
			'no'
		);
		expect(pay.status).toBe(303);
		expect(pay.headers.get('location')).toBe(`/no/fs/${id}?done=pay`);
		expect(claims.state(id).status).toBe('paid');
		expect(mailsTo(claimant.id, 'expense-paid')).toBe(1);

		expect(trailActions(id)).toEqual(['create', 'submit', 'approve', 'account_revealed', 'pay']);
		const page = await (await claimant.b.get(`/no/fs/${id}?done=pay`)).text();
		expect(page).toMatch(/role="status"[^>]*>\s*Refusjonen er markert som utbetalt/);
		expect(page).toContain('data-status="paid"');
		expect(page).toContain('>Utbetalt<');
		const trail = page.slice(page.indexOf('data-testid="audit-trail"'));
		for (const words of [
			'Clara Claimant',
			'Opprettet refusjonen',
			'Sendte inn',
			'Leif Leader',
			'Godkjente',
			'Fiona Finance',
			'Så hele kontonummeret',
			'Markerte som utbetalt',
			`Utbetalingsdato: ${new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long', timeZone: 'Europe/Oslo' }).format(new Date())}`
		]) {
			expect(trail).toContain(words);
		}
	});

	it('a rejection needs a reason, is shown with it, and the claimant may edit and submit again', async () => {
		const { claimant, leader } = team();
		const id = await claims.submitted(claimant.id);
		const version = String(claims.state(id).version);
		const before = claims.state(id);

		const empty = await act(leader, id, 'reject', { version, reason: '   ' });
		expect(empty.status).toBe(400);
		expect(await empty.text()).toMatch(/role="alert"[^>]*>\s*Write a reason for the rejection\./);
		expect(claims.state(id)).toEqual(before);

		const reject = await act(leader, id, 'reject', {
			version,
			reason: 'The receipt is unreadable'
		});
		expect(reject.status).toBe(303);
		expect(mailsTo(claimant.id, 'expense-rejected')).toBe(1);
		const page = await (await claimant.b.get(`/en/fs/${id}`)).text();
		expect(testIdText(page, 'rejection-reason')).toBe('The receipt is unreadable');
		expect(page).toContain('Reason: The receipt is unreadable');
		expect(page).toContain(`href="/en/fs/${id}/edit"`);
		expect(page).toContain('action="?/submit"');
		expect(page).toContain('action="?/withdraw"');

		const again = await act(claimant, id, 'submit', { version: String(claims.state(id).version) });
		expect(again.status).toBe(303);
		expect(claims.state(id).status).toBe('submitted');
	});

	it('withdraw from the page ends the claim; the claimant is offered no more actions', async () => {
		const { claimant } = team();
		const id = await claims.submitted(claimant.id);
		const res = await act(claimant, id, 'withdraw', { version: String(claims.state(id).version) });
		expect(res.status).toBe(303);
		const page = await (await claimant.b.get(`/en/fs/${id}?done=withdraw`)).text();
		expect(page).toContain('The claim was withdrawn.');
		expect(page).not.toContain('action="?/');
	});

	it('two approvers deciding at the same moment: exactly one decision wins, with one trail entry and one e-mail', async () => {
		const { claimant, leader, finance } = team();
		for (let round = 0; round < 4; round++) {
			const id = await claims.submitted(claimant.id);
			const version = String(claims.state(id).version);
			const [approve, reject] = await Promise.all([
				act(leader, id, 'approve', { version, confirm: 'yes' }),
				act(finance, id, 'reject', { version, reason: 'Not in the budget' })
			]);
			const statuses = [approve.status, reject.status].sort();
			expect(statuses).toEqual([303, 409]);
			const loser = approve.status === 409 ? approve : reject;
			expect(await loser.text()).toMatch(
				/role="alert"[^>]*>\s*(The claim changed while you were looking at it|That cannot be done to the claim as it stands now)/
			);
			const won = approve.status === 303 ? 'approve' : 'reject';
			expect(claims.state(id).status).toBe(won === 'approve' ? 'approved' : 'rejected');
			expect(trailActions(id).filter((a) => a === 'approve' || a === 'reject')).toEqual([won]);
		}
		expect(
			mailsTo(claimant.id, 'expense-approved') + mailsTo(claimant.id, 'expense-rejected')
		).toBe(4);
	});

	it('approving one’s own claim is refused with 403 and its message, in both languages, and changes nothing', async () => {
		const leader = person('Lone Leader', { unit: 'board-oslo', role: 'leader' });
		const id = await claims.submitted(leader.id);
		const before = claims.state(id);
		const en = await act(leader, id, 'approve', {
			version: String(before.version),
			confirm: 'yes'
		});
		expect(en.status).toBe(403);
		expect(await en.text()).toMatch(/role="alert"[^>]*>\s*You cannot review your own claim\./);
		const no = await act(
			leader,
			id,
			'approve',
			{ version: String(before.version), confirm: 'yes' },
			'no'
		);
		expect(no.status).toBe(403);
		expect(await no.text()).toContain('Du kan ikke');
		expect(claims.state(id)).toEqual(before);
		// The page does not offer it either.
		expect(await (await leader.b.get(`/en/fs/${id}`)).text()).not.toContain('action="?/approve"');
	});

	it('skipping a step (paying a claim nobody approved) and a stale page are refused and change nothing', async () => {
		const { claimant, leader, finance } = team();
		const id = await claims.submitted(claimant.id);
		const before = claims.state(id);
		const pay = await act(finance, id, 'pay', {
			version: String(before.version),
			payoutDate: recentDate(),
			confirm: 'yes'
		});
		expect(pay.status).toBe(409);
		expect(await pay.text()).toContain('That cannot be done to the claim as it stands now.');
		expect(claims.state(id)).toEqual(before);

		// The leader's page showed the claim before the claimant withdrew and resubmitted it.
		const shownVersion = String(before.version);
		await claims.expenses.withdraw(claims.as(claimant.id), id);
		const stale = await act(leader, id, 'approve', { version: shownVersion, confirm: 'yes' });
		expect(stale.status).toBe(409);
		const second = await claims.submitted(claimant.id);
		const old = String(claims.state(second).version - 1);
		const staleApprove = await act(leader, second, 'approve', { version: old, confirm: 'yes' });
		expect(staleApprove.status).toBe(409);
		expect(await staleApprove.text()).toContain('The claim changed while you were looking at it.');
		expect(claims.state(second).status).toBe('submitted');

		const garbage = await act(leader, second, 'approve', { version: 'seven' });
		expect(garbage.status).toBe(400);
		expect(claims.state(second).status).toBe('submitted');
	});

	it("user B can neither see nor act on A's claim: the page and every action answer 404, and nothing changes", async () => {
		const { claimant } = team();
		const outsider = person('Berit B');
		const bergenLeader = person('Bjørn Bergen', { unit: 'sport-bergen', role: 'leader' });
		const boardLeader = person('Lise Leader', { unit: 'board-oslo', role: 'leader' });
		const draft = await claims.draft(claimant.id, { purpose: 'Secret draft purpose' });
		const submitted = await claims.submitted(claimant.id, { purpose: 'Secret submitted purpose' });
		const unknown = '00000000-0000-4000-8000-000000000000';

		const cases: [Person, string][] = [
			[outsider, draft],
			[outsider, submitted],
			[bergenLeader, submitted],
			// A leader of the unit does not see a draft that was never submitted.
			[boardLeader, draft]
		];
		for (const [who, id] of cases) {
			const before = claims.state(id);
			const notFound = await who.b.get(`/en/fs/${unknown}`);
			expect(notFound.status).toBe(404);
			const notFoundPage = await notFound.text();
			const page = await who.b.get(`/en/fs/${id}`);
			expect(page.status).toBe(404);
			const html = await page.text();
			expect(html).not.toContain('Secret');
			// The same page as for an id that does not exist, but for the id itself.
			expect(html.replaceAll(id, unknown)).toBe(notFoundPage);
			expect(await (await who.b.get('/en/fs')).text()).not.toContain(id);
			for (const action of ['submit', 'withdraw', 'approve', 'reject', 'pay', 'reveal']) {
				const res = await act(who, id, action, {
					version: String(before.version),
					reason: 'x',
					payoutDate: recentDate()
				});
				expect(res.status, `${action} on ${id}`).toBe(404);
				expect(await res.text()).not.toContain('Secret');
			}
			expect(claims.state(id)).toEqual(before);
		}
	});

	it('an id that looks like a file or an address sends a visitor to sign in and answers a member 404', async () => {
		const member = person('Mona Member');
		for (const id of ['https%3A%2F%2Fevil.example%2F', 'receipt.pdf', '..%2F..%2Fetc%2Fpasswd']) {
			const anonymous = await fetch(`${server.url}/en/fs/${id}`, { redirect: 'manual' });
			expect(anonymous.status, id).toBe(303);
			expect(anonymous.headers.get('location'), id).toMatch(/^\/en\/auth\/login\?redirectTo=/);
			expect((await member.b.get(`/en/fs/${id}`)).status, id).toBe(404);
		}
	});

	it('shows the approver lines with mileage, a foreign receipt, the over-limit mark, totals and possible duplicates', async () => {
		const { claimant, leader } = team();
		const other = person('Dina Duplicate');
		const earlier = await claims.submitted(other.id, {
			lines: [receiptLine('123,40', { merchant: 'Clas Ohlson' })]
		});
		const id = await claims.submitted(claimant.id, {
			advance: '100',
			lines: [
				receiptLine('123,40', { merchant: 'CLAS  OHLSON' }),
				{
					kind: 'mileage',
					date: recentDate(),
					description: 'To the cabin',
					from: 'Oslo',
					to: 'Drammen',
					km: '40'
				},
				receiptLine('930', { currency: 'EUR', originalAmount: '80' }),
				receiptLine('5200')
			]
		});
		const html = await (await leader.b.get(`/en/fs/${id}`)).text();
		expect(html).toContain('Mileage Oslo → Drammen');
		expect(html).toContain(`40 km × ${formatPrice(350, 'en')}/km`);
		expect(html).toContain('Paid 80.00 EUR');
		expect(html.match(/data-testid="over-limit"/g)).toHaveLength(1);
		const total = 12_340 + 14_000 + 93_000 + 520_000;
		expect(testIdText(html, 'claim-total')).toBe(formatPrice(total, 'en'));
		expect(testIdText(html, 'claim-owed')).toBe(formatPrice(total - 10_000, 'en'));
		const duplicates = html.slice(html.indexOf('data-testid="duplicates"'));
		expect(duplicates).toContain('Line 1: same date, amount and merchant');
		expect(duplicates).toContain(`href="/en/fs/${earlier}"`);
		expect(html).toContain(`href="/en/fs/${id}/pdf"`);
		// The claimant is not shown the flag; it is for the approver.
		expect(await (await claimant.b.get(`/en/fs/${id}`)).text()).not.toContain(
			'data-testid="duplicates"'
		);
	});

	it('links as a possible duplicate only a claim the approver may open, never another member’s draft', async () => {
		const { claimant, leader } = team();
		const other = person('Dora Draft');
		const line = { lines: [receiptLine('77,70', { merchant: 'Duplikat Bakeri' })] };
		const unsent = await claims.draft(other.id, line);
		const id = await claims.submitted(claimant.id, line);
		const html = await (await leader.b.get(`/en/fs/${id}`)).text();
		expect(html).not.toContain(unsent);
		expect(html).not.toContain('data-testid="duplicates"');
		const sent = await claims.submitted(other.id, line);
		const again = await (await leader.b.get(`/en/fs/${id}`)).text();
		expect(again).toContain(`href="/en/fs/${sent}"`);
		expect(again).not.toContain(unsent);
	});

	it('links each receipt to its file: an image by its thumbnail, a PDF by its name', async () => {
		const { claimant } = team();
		const file = (id: string, name: string, mimeType: string, thumbnail: string | null) =>
			withDb(server.dbFile, (d) =>
				d
					.prepare(
						'insert into files (id, owner_id, purpose, mime_type, size, sha256, original_name, storage_key, width, height, thumbnail_key, created_at) values (?, ?, ?, ?, 1, ?, ?, ?, null, null, ?, ?)'
					)
					.run(
						id,
						claimant.id,
						'receipt',
						mimeType,
						id,
						name,
						`key-${id}`,
						thumbnail,
						new Date().toISOString()
					)
			);
		const photo = `photo-${randomBytes(4).toString('hex')}`;
		const pdf = `pdf-${randomBytes(4).toString('hex')}`;
		file(photo, 'taxi.jpg', 'image/jpeg', `thumb-${photo}`);
		file(pdf, 'hotel.pdf', 'application/pdf', null);
		const id = await claims.draft(claimant.id, {
			lines: [
				receiptLine('100', { fileId: photo }),
				receiptLine('200', { fileId: pdf, merchant: 'Hotel' }),
				receiptLine('300', { merchant: 'Kiosk' })
			]
		});
		const html = await (await claimant.b.get(`/en/fs/${id}`)).text();
		expect(html).toContain(`href="/api/files/${photo}"`);
		expect(html).toContain(`src="/api/files/${photo}?variant=thumbnail"`);
		expect(html).toContain('alt="Open receipt for line 1 (taxi.jpg)"');
		expect(html).toContain(`href="/api/files/${pdf}"`);
		expect(html).not.toContain(`src="/api/files/${pdf}`);
		expect(html).toContain('Open receipt for line 2 (hotel.pdf)');
		expect(html).toContain('No receipt');
	});
});
