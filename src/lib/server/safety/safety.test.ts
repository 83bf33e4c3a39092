import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SafetyReportForm } from '$lib/schemas/safety';
import { userContext } from '../context';
import { KeyError, keyring as makeKeyring, type Keyring } from '../crypto/keyring';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { userRow } from '../db/test-rows';
import { Forbidden, NotSignedIn } from '../errors';
import { mailer } from '../mail';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import { newReceiptCode, normaliseReceiptCode } from './receipt';
import { safetyService, type SafetyService } from '.';

const as = (id: string) =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, 's');
const NOW = new Date('2026-11-24T12:00:00.000Z');
/** Where the notices' links point (PUBLIC_ORIGIN, or the request's origin). */
const ORIGIN = 'https://org.example';
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const report = (extra: Partial<SafetyReportForm> = {}): SafetyReportForm => ({
	body: 'At the party on Friday a board member kept touching me after I said no.',
	unitId: '',
	name: '',
	email: '',
	passphrase: 'correct horse battery',
	passphraseAgain: 'correct horse battery',
	website: '',
	...extra
});

describe('receipt codes', () => {
	it('are 20 characters of Crockford base32 in groups of four, different every time', () => {
		const codes = new Set(Array.from({ length: 200 }, newReceiptCode));
		expect(codes.size).toBe(200);
		for (const code of codes)
			expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){4}[0-9A-HJKMNP-TV-Z]{4}$/);
	});

	it('are read whatever the case, spacing and dashes, and O, I, L as digits', () => {
		expect(normaliseReceiptCode('7k3m q2xd 9hba r4tv wn6p')).toBe('7K3M-Q2XD-9HBA-R4TV-WN6P');
		expect(normaliseReceiptCode('OIL0-0000-0000-0000-0000')).toBe('0110-0000-0000-0000-0000');
		expect(normaliseReceiptCode('7K3M-Q2XD-9HBA-R4TV')).toBeNull();
		expect(normaliseReceiptCode('UUUU-0000-0000-0000-0000')).toBeNull();
	});
});

describe.each(ENGINES)('safety reports on %s', (engine) => {
	let test: TestDatabase;
	let keyring: Keyring;
	let safety: SafetyService;

	beforeEach(async () => {
		test = await testDatabase(engine);
		await seedDemo(test.db, NOW);
		for (const id of ['admin', 'listed', 'granted', 'member']) {
			await test.db.insertInto('users').values(userRow(id)).execute();
		}
		await test.db
			.insertInto('safety_grants')
			.values({ user_id: 'granted', granted_by: 'admin', granted_at: NOW.toISOString() })
			.execute();
		const roles = rolesService({
			store: sqlIdentityStore(test.db),
			isMember: async () => false,
			adminEmails: ['admin@example.org'],
			safetyEmails: ['listed@example.org']
		});
		keyring = makeKeyring([randomBytes(32)]);
		// The granted holder reads English; the listed one Norwegian; one listed address has no account yet.
		await test.db.updateTable('users').set({ locale: 'en' }).where('id', '=', 'granted').execute();
		safety = safetyService({
			db: test.db,
			roles,
			keyring,
			mail: mailer(test.db, null, { from: 'orgweb <noreply@example.org>', keyring }),
			safetyEmails: ['listed@example.org', 'nobody-yet@example.org']
		});
	});
	afterEach(() => test.destroy());

	const rows = () => test.db.selectFrom('safety_reports').selectAll().execute();
	const outbox = (kind: string) =>
		test.db
			.selectFrom('mail_outbox')
			.selectAll()
			.where('kind', '=', kind)
			.orderBy('to_address')
			.execute();

	it('stores an anonymous report encrypted, bound to its row, with nothing of the reporter', async () => {
		const sentReport = await safety.submit(report(), { locale: 'en', origin: ORIGIN }, NOW);
		if (!sentReport.ok) throw new Error('refused');
		const [row] = await rows();
		expect(row).toMatchObject({
			status: 'new',
			locale: 'en',
			reporter_name: null,
			reporter_email: null,
			unit_id: null
		});
		// The column is ciphertext: no word of the text in it, and the key reads it back.
		expect(row!.body).toMatch(/^v1:[0-9a-f]{8}:/);
		expect(row!.body).not.toContain('party');
		expect(keyring.decrypt(row!.body, `safety_report:${row!.id}:body`)).toBe(report().body);
		// Copied onto another report (or read as another column), it is refused.
		expect(() => keyring.decrypt(row!.body, `safety_report:other:body`)).toThrow(KeyError);
		expect(() => keyring.decrypt(row!.body, `safety_report:${row!.id}:name`)).toThrow(KeyError);
		// Neither the code nor the passphrase is stored as typed.
		expect(JSON.stringify(row)).not.toContain(sentReport.receipt);
		expect(JSON.stringify(row)).not.toContain('correct horse battery');
		expect(Object.keys(row!).sort()).toEqual(
			[
				'body',
				'created_at',
				'id',
				'last_message_by',
				'locale',
				'passphrase_hash',
				'receipt_hash',
				'reporter_email',
				'reporter_name',
				'status',
				'unit_id',
				'updated_at',
				'version'
			].sort()
		);
	});

	it('keeps a name and an e-mail encrypted when the reporter gives them, and the unit it concerns', async () => {
		await safety.submit(
			report({ name: 'Kari Nordmann', email: 'kari@example.org', unitId: 'board-oslo' }),
			{ locale: 'no', origin: ORIGIN },
			NOW
		);
		const [row] = await rows();
		expect(row!.unit_id).toBe('board-oslo');
		expect(row!.reporter_name).not.toContain('Kari');
		expect(row!.reporter_email).not.toContain('kari@');
		expect(keyring.decrypt(row!.reporter_email!, `safety_report:${row!.id}:email`)).toBe(
			'kari@example.org'
		);
		expect(
			await safety.submit(report({ unitId: 'no-such-unit' }), { locale: 'no', origin: ORIGIN }, NOW)
		).toEqual({
			ok: false,
			reason: 'unknown_unit'
		});
	});

	it('stores nothing for a filled honeypot, yet answers with a code like any other', async () => {
		const answer = await safety.submit(
			report({ website: 'http://spam.example' }),
			{ locale: 'en', origin: ORIGIN },
			NOW
		);
		expect(answer).toMatchObject({ ok: true, receipt: expect.stringMatching(/^\w{4}-/) });
		expect(await rows()).toEqual([]);
	});

	it('lets the reporter read and answer with code and passphrase; anything wrong reveals nothing', async () => {
		const answer = await safety.submit(
			report({ name: 'Kari' }),
			{ locale: 'en', origin: ORIGIN },
			NOW
		);
		if (!answer.ok) throw new Error('refused');
		const code = answer.receipt;
		const passphrase = 'correct horse battery';

		const view = await safety.follow({ code: code.toLowerCase().replaceAll('-', ' '), passphrase });
		expect(view).toMatchObject({ status: 'new', body: report().body, name: 'Kari', messages: [] });

		for (const wrong of [
			{ code, passphrase: 'wrong horse battery' },
			{ code: newReceiptCode(), passphrase },
			{ code: 'not a code', passphrase }
		]) {
			expect(await safety.follow(wrong)).toBeNull();
			expect(
				await safety.replyAsReporter({ ...wrong, message: 'hello', origin: ORIGIN }, later(1))
			).toBeNull();
		}
		expect(await test.db.selectFrom('safety_messages').selectAll().execute()).toEqual([]);

		const replied = await safety.replyAsReporter(
			{ code, passphrase, message: 'It happened again today.', origin: ORIGIN },
			later(2)
		);
		expect(replied?.messages).toMatchObject([
			{ author: 'reporter', body: 'It happened again today.' }
		]);
		// The reporter never learns who of the team is who.
		expect(replied?.messages[0]).not.toHaveProperty('staffName');
		const [message] = await test.db.selectFrom('safety_messages').selectAll().execute();
		expect(message!.body).not.toContain('again');
		expect(message!.staff_id).toBeNull();
	});

	it('lets the safety role in (SAFETY_EMAILS and a grant) and no one else, admins included', async () => {
		await safety.submit(report(), { locale: 'no', origin: ORIGIN }, NOW);
		const [row] = await rows();
		for (const who of ['listed', 'granted']) {
			expect(await safety.list(as(who))).toHaveLength(1);
			expect((await safety.report(as(who), row!.id, NOW))?.body).toBe(report().body);
			expect(await safety.newCount(as(who))).toBe(1);
		}
		const version = (await rows())[0]!.version;
		for (const who of ['admin', 'member']) {
			await expect(safety.list(as(who))).rejects.toThrow(Forbidden);
			await expect(safety.report(as(who), row!.id)).rejects.toThrow(Forbidden);
			await expect(
				safety.setStatus(as(who), row!.id, { status: 'closed', version })
			).rejects.toThrow(Forbidden);
			await expect(
				safety.reply(as(who), row!.id, { message: 'hi', version, origin: ORIGIN })
			).rejects.toThrow(Forbidden);
			expect(await safety.newCount(as(who))).toBe(0);
		}
		const visitor = userContext(null, null);
		await expect(safety.list(visitor)).rejects.toThrow(NotSignedIn);
		expect(await safety.newCount(visitor)).toBe(0);
		// What the refused callers tried left no trace.
		const log = await test.db.selectFrom('safety_access_log').select('actor').execute();
		expect(log.map((e) => e.actor).sort()).toEqual(['granted', 'listed']);
		expect((await rows())[0]).toMatchObject({ status: 'new', version });
	});

	it('logs every read, status change and answer with who and when; an answer mails the reporter without its text', async () => {
		await safety.submit(
			report({ email: 'kari@example.org' }),
			{ locale: 'en', origin: ORIGIN },
			NOW
		);
		const [row] = await rows();
		const id = row!.id;
		const listed = as('listed');

		const first = await safety.report(listed, id, later(1));
		const answered = await safety.reply(
			listed,
			id,
			{
				message: 'Thank you. Can you tell us who it was?',
				version: first!.version,
				origin: ORIGIN
			},
			later(2)
		);
		expect(answered).toEqual({ ok: true, version: first!.version + 1 });
		// The notice names neither the answer nor who wrote it, and its recipient is sealed: the
		// address is in the outbox only encrypted, bound to the row.
		const [notice, ...more] = await outbox('safety-answer');
		expect(more).toEqual([]);
		expect(notice).toMatchObject({ subject: 'An answer to your report', sealed: 1 });
		expect(notice!.text_body).toContain('https://org.example/en/safety/follow-up');
		expect(notice!.text_body).not.toContain('who it was');
		expect(JSON.stringify(notice)).not.toContain('kari');
		expect(keyring.decrypt(notice!.to_address, `mail_outbox:${notice!.id}:to`)).toBe(
			'kari@example.org'
		);

		// A form sent from the old version is refused, and changes nothing.
		expect(
			await safety.setStatus(listed, id, { status: 'closed', version: first!.version }, later(3))
		).toEqual({ ok: false, reason: 'conflict' });
		expect(
			await safety.setStatus(
				as('granted'),
				id,
				{ status: 'closed', version: first!.version + 1 },
				later(4)
			)
		).toEqual({ ok: true, version: first!.version + 2 });
		// The status it already has changes nothing: no new version, no log entry.
		const again = { status: 'closed' as const, version: first!.version + 2 };
		const unchanged = await safety.setStatus(as('granted'), id, again, later(4));
		expect(unchanged).toEqual({ ok: false, reason: 'unchanged' });

		const detail = await safety.report(as('granted'), id, later(5));
		expect(detail).toMatchObject({ status: 'closed', lastMessageBy: 'staff' });
		expect(detail!.messages).toMatchObject([
			{ author: 'staff', staffName: 'listed', body: 'Thank you. Can you tell us who it was?' }
		]);
		expect(detail!.log.map((e) => [e.actor, e.action, e.details, e.at])).toEqual([
			['listed', 'read', null, later(1).toISOString()],
			['listed', 'reply', { from: 'new', to: 'in_review' }, later(2).toISOString()],
			['granted', 'status', { from: 'in_review', to: 'closed' }, later(4).toISOString()],
			['granted', 'read', null, later(5).toISOString()]
		]);
		// The site's audit log, which admins read, holds nothing of it.
		expect(
			await test.db
				.selectFrom('audit_log')
				.selectAll()
				.where('subject_type', 'like', 'safety%')
				.execute()
		).toEqual([]);
	});

	it('opens a closed report again as new when the reporter writes', async () => {
		const answer = await safety.submit(report(), { locale: 'en', origin: ORIGIN }, NOW);
		if (!answer.ok) throw new Error('refused');
		const [row] = await rows();
		await safety.setStatus(as('listed'), row!.id, { status: 'closed', version: row!.version });
		expect(await safety.newCount(as('listed'))).toBe(0);
		const view = await safety.replyAsReporter(
			{
				code: answer.receipt,
				passphrase: 'correct horse battery',
				message: 'One more thing.',
				origin: ORIGIN
			},
			later(10)
		);
		expect(view?.status).toBe('new');
		expect(await safety.newCount(as('listed'))).toBe(1);
		expect((await rows())[0]).toMatchObject({ status: 'new', last_message_by: 'reporter' });
	});

	it('filters the list by status and unit, newest first', async () => {
		await safety.submit(report({ unitId: 'board-oslo' }), { locale: 'no', origin: ORIGIN }, NOW);
		await safety.submit(report(), { locale: 'no', origin: ORIGIN }, later(1));
		const listed = as('listed');
		const all = await safety.list(listed);
		expect(all.map((r) => r.unitId)).toEqual([null, 'board-oslo']);
		expect((await safety.list(listed, { unit: 'board-oslo' })).map((r) => r.unitId)).toEqual([
			'board-oslo'
		]);
		await safety.setStatus(listed, all[0]!.id, { status: 'in_review', version: 1 });
		expect((await safety.list(listed, { status: 'new' })).map((r) => r.id)).toEqual([all[1]!.id]);
		expect(await safety.newCount(listed)).toBe(1);
	});

	it("tells the safety team of a new report and of a reporter's reply, each in their language, with nothing of the report", async () => {
		const answer = await safety.submit(
			report({ name: 'Kari Nordmann', email: 'kari@example.org', unitId: 'board-oslo' }),
			{ locale: 'en', origin: ORIGIN },
			NOW
		);
		if (!answer.ok) throw new Error('refused');
		const told = async (kind: string) =>
			(await outbox(kind)).map((r) => ({
				to: r.to_address,
				subject: r.subject,
				text: r.text_body
			}));
		const newReport = await told('safety-new-report');
		expect(newReport).toEqual([
			{
				to: 'granted@example.org',
				subject: 'New in the safety inbox',
				text: expect.stringContaining('https://org.example/en/admin/inbox/safety')
			},
			{
				to: 'listed@example.org',
				subject: 'Nytt i varslingsinnboksen',
				text: expect.stringContaining('https://org.example/no/admin/inbox/safety')
			},
			{
				to: 'nobody-yet@example.org',
				subject: 'Nytt i varslingsinnboksen',
				text: expect.stringContaining('https://org.example/no/admin/inbox/safety')
			}
		]);
		// Nothing of the report or of who sent it, and not even which report it is.
		const [row] = await rows();
		for (const trace of ['Kari', 'kari@', 'party', 'board', 'Oslo', row!.id]) {
			expect(JSON.stringify(newReport), trace).not.toContain(trace);
		}

		await safety.replyAsReporter(
			{
				code: answer.receipt,
				passphrase: 'correct horse battery',
				message: 'It was Ola.',
				origin: ORIGIN
			},
			later(1)
		);
		const reply = await told('safety-reporter-reply');
		expect(reply.map((m) => m.to)).toEqual(newReport.map((m) => m.to));
		expect(reply[0]!.text).toContain('https://org.example/en/admin/inbox/safety');
		expect(JSON.stringify(reply)).not.toContain('Ola');
		// A bot's report (the honeypot) and a wrong passphrase tell no one anything.
		await safety.submit(
			report({ website: 'http://spam.example' }),
			{ locale: 'en', origin: ORIGIN },
			later(2)
		);
		await safety.replyAsReporter(
			{ code: answer.receipt, passphrase: 'wrong horse battery', message: 'Hi', origin: ORIGIN },
			later(3)
		);
		expect(await test.db.selectFrom('mail_outbox').selectAll().execute()).toHaveLength(6);
	});

	it('marks in the list a report whose reporter wrote again and waits for the team', async () => {
		const quiet = await safety.submit(report(), { locale: 'no', origin: ORIGIN }, NOW);
		const again = await safety.submit(report(), { locale: 'no', origin: ORIGIN }, later(1));
		if (!quiet.ok || !again.ok) throw new Error('refused');
		const listed = as('listed');
		const marks = async () =>
			Object.fromEntries((await safety.list(listed)).map((r) => [r.id, r.reporterReplied]));
		const [second, first] = await safety.list(listed);
		expect(await marks()).toEqual({ [first!.id]: false, [second!.id]: false });
		await safety.replyAsReporter(
			{
				code: again.receipt,
				passphrase: 'correct horse battery',
				message: 'One more thing.',
				origin: ORIGIN
			},
			later(2)
		);
		expect(await marks()).toEqual({ [first!.id]: false, [second!.id]: true });
		const shown = await safety.report(listed, second!.id, later(3));
		expect(shown?.reporterReplied).toBe(true);
		await safety.reply(
			listed,
			second!.id,
			{ message: 'Thanks.', version: shown!.version, origin: ORIGIN },
			later(4)
		);
		expect(await marks()).toEqual({ [first!.id]: false, [second!.id]: false });
	});
});
