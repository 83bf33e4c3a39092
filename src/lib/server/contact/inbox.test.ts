import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userContext } from '../context';
import { userRow } from '../db/test-rows';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { Forbidden, NotSignedIn } from '../errors';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import { forgetSender, messagesFrom } from './privacy';
import { mailer } from '../mail';
import { contactService } from '.';
import { contactInbox, quoted, type ContactInbox } from './inbox';
import { sqlContactStore } from './sql';

const as = (id: string) =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, 's');
const now = new Date('2026-11-24T12:00:00.000Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('a reply quotes the message', () => {
	it('line by line under who wrote it and when, in the language it was written in', () => {
		const original = {
			name: 'Kari',
			message: 'Hei!\n\nNår åpner dere?',
			createdAt: now.toISOString()
		};
		expect(quoted(original, 'no')).toBe(
			'24. nov. 2026, 13:00 skrev Kari:\n> Hei!\n>\n> Når åpner dere?'
		);
		expect(quoted(original, 'en').split('\n')[0]).toMatch(/^On .*2026.*, Kari wrote:$/);
	});
});

describe.each(ENGINES)('the contact inbox, on %s', (engine) => {
	let test: TestDatabase;
	let inbox: ContactInbox;
	const admin = as('admin');
	const other = as('other');

	beforeEach(async () => {
		test = await testDatabase(engine);
		for (const id of ['admin', 'other', 'member']) {
			await test.db.insertInto('users').values(userRow(id)).execute();
		}
		await test.db
			.insertInto('admin_grants')
			.values({ user_id: 'other', granted_by: 'admin', granted_at: now.toISOString() })
			.execute();
		const roles = rolesService({
			store: sqlIdentityStore(test.db),
			isMember: async () => false,
			adminEmails: ['admin@example.org']
		});
		const mail = mailer(test.db, null, { from: 'web@example.org' });
		inbox = contactInbox({
			db: test.db,
			roles,
			mail,
			adminEmails: ['admin@example.org'],
			replyTo: 'post@example.org'
		});
		const contact = contactService(sqlContactStore(test.db), mail, 'post@example.org');
		await contact.submit(
			{
				name: 'Kari Nordmann',
				email: 'kari@example.net',
				subject: 'Lån av lokale',
				message: 'Kan vi låne salen?\n<script>alert(1)</script>',
				website: ''
			},
			'no',
			now
		);
		await contact.submit(
			{
				name: 'John',
				email: 'john@example.net',
				subject: 'Membership',
				message: 'How do I join the choir?',
				website: ''
			},
			'en',
			later(5)
		);
	});
	afterEach(() => test.destroy());

	const idOf = async (subject: string) =>
		(
			await test.db
				.selectFrom('contact_messages')
				.select('id')
				.where('subject', '=', subject)
				.executeTakeFirstOrThrow()
		).id;

	it('lists messages newest first, new until handled, for admins only', async () => {
		const list = await inbox.list(admin, {});
		expect(list.map((c) => [c.subject, c.status, c.assigneeName])).toEqual([
			['Membership', 'new', null],
			['Lån av lokale', 'new', null]
		]);
		expect(await inbox.newCount(admin)).toBe(2);
		expect(await inbox.newCount(as('member'))).toBe(0);
		await expect(inbox.list(as('member'), {})).rejects.toBeInstanceOf(Forbidden);
		await expect(inbox.list(userContext(null, null), {})).rejects.toBeInstanceOf(NotSignedIn);
		await expect(inbox.detail(as('member'), await idOf('Membership'), 'en')).rejects.toBeInstanceOf(
			Forbidden
		);
	});

	it('filters by status, assignee and words in the message', async () => {
		const id = await idOf('Membership');
		await inbox.assign(admin, id, { version: 1, assignee: 'admin' });
		await inbox.setStatus(admin, id, { version: 2, status: 'handled' });
		expect((await inbox.list(admin, { status: 'new' })).map((c) => c.subject)).toEqual([
			'Lån av lokale'
		]);
		expect((await inbox.list(admin, { assignee: 'me' })).map((c) => c.subject)).toEqual([
			'Membership'
		]);
		expect((await inbox.list(other, { assignee: 'me' })).map((c) => c.subject)).toEqual([]);
		expect((await inbox.list(admin, { assignee: 'nobody' })).map((c) => c.subject)).toEqual([
			'Lån av lokale'
		]);
		expect((await inbox.list(admin, { q: 'SALEN' })).map((c) => c.subject)).toEqual([
			'Lån av lokale'
		]);
		expect((await inbox.list(admin, { q: '100%_' })).map((c) => c.subject)).toEqual([]);
		expect(await inbox.newCount(admin)).toBe(1);
	});

	it('gives a message to an admin, not to anyone else, and records who did it', async () => {
		const id = await idOf('Lån av lokale');
		expect(await inbox.assign(admin, id, { version: 1, assignee: 'member' })).toEqual({
			ok: false,
			reason: 'invalid_assignee'
		});
		expect(await inbox.assign(admin, id, { version: 1, assignee: 'other' })).toEqual({
			ok: true,
			version: 2
		});
		const detail = (await inbox.detail(admin, id, 'en'))!;
		expect(detail.assigneeName).toBe('other');
		expect(detail.staff.map((s) => s.id).sort()).toEqual(['admin', 'other']);
		expect(detail.trail).toEqual([
			expect.objectContaining({
				who: 'admin',
				action: 'contact_message:assign',
				details: ['Assignee: – → other']
			})
		]);
	});

	it('refuses a change made on an old version: two admins at once do not overwrite each other', async () => {
		const id = await idOf('Lån av lokale');
		expect((await inbox.setStatus(admin, id, { version: 1, status: 'handled' })).ok).toBe(true);
		expect(await inbox.setStatus(other, id, { version: 1, status: 'new' })).toEqual({
			ok: false,
			reason: 'conflict'
		});
		expect(await inbox.reply(other, id, { version: 1, body: 'Hei!' })).toEqual({
			ok: false,
			reason: 'conflict'
		});
		const detail = (await inbox.detail(admin, id, 'no'))!;
		expect([detail.status, detail.version, detail.replyList.length]).toEqual(['handled', 2, 0]);
		expect(await inbox.setStatus(admin, 'nope', { version: 1, status: 'new' })).toEqual({
			ok: false,
			reason: 'not_found'
		});
	});

	it('replies by mail in the sender’s language with their message quoted, and marks it handled and taken', async () => {
		const id = await idOf('Lån av lokale');
		expect(await inbox.reply(other, id, { version: 1, body: 'Ja, ring oss.' }, later(60))).toEqual({
			ok: true,
			version: 2
		});
		const mail = await test.db
			.selectFrom('mail_outbox')
			.selectAll()
			.where('kind', '=', 'contact-reply')
			.executeTakeFirstOrThrow();
		expect(mail.to_address).toBe('kari@example.net');
		// The sender can answer it: their answer goes to the organisation's contact address.
		expect(mail.reply_to).toBe('post@example.org');
		expect(mail.subject).toBe('Re: Lån av lokale');
		expect(mail.text_body).toBe(
			'Ja, ring oss.\n\n24. nov. 2026, 13:00 skrev Kari Nordmann:\n> Kan vi låne salen?\n> <script>alert(1)</script>'
		);
		const detail = (await inbox.detail(admin, id, 'no'))!;
		expect(detail).toMatchObject({ status: 'handled', assigneeId: 'other', replies: 1 });
		expect(detail.replyList).toEqual([
			expect.objectContaining({ authorName: 'other', body: 'Ja, ring oss.', sent: true })
		]);
		expect(detail.trail.map((t) => t.action)).toEqual(['contact_message:reply']);
		expect(await inbox.newCount(admin)).toBe(1);
	});

	it('the sender’s data export holds the replies, and forgetting them takes messages, replies, mails and history', async () => {
		const id = await idOf('Lån av lokale');
		await inbox.reply(admin, id, { version: 1, body: 'Ja.' });
		const exported = await messagesFrom(test.db, 'KARI@example.net');
		expect(exported).toEqual([
			expect.objectContaining({
				subject: 'Lån av lokale',
				status: 'handled',
				replies: [{ text: 'Ja.', sentAt: expect.any(String) }]
			})
		]);
		await test.db.transaction().execute((trx) => forgetSender(trx, 'kari@example.net'));
		const left = async (table: 'contact_messages' | 'contact_replies' | 'audit_log') =>
			Number(
				(
					await test.db
						.selectFrom(table)
						.select((eb) => eb.fn.countAll<number>().as('n'))
						.executeTakeFirstOrThrow()
				).n
			);
		expect([
			await left('contact_messages'),
			await left('contact_replies'),
			await left('audit_log')
		]).toEqual([1, 0, 0]);
		const mails = await test.db.selectFrom('mail_outbox').select('to_address').execute();
		expect(mails.map((m) => m.to_address)).toEqual(['post@example.org']);
	});
});
