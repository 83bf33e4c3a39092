import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { mailer } from '.';
import { smtpTransport } from './smtp';

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
	});
	afterEach(() => test.destroy());

	const message = {
		kind: 'contact',
		to: 'board@example.org',
		subject: 'Hei',
		text: 'Hello from the contact form'
	};

	describe('mailer without SMTP', () => {
		it('keeps the message in the outbox, undelivered', async () => {
			const sent = await mailer(db, null, { from: 'x <x@example.org>' }).send(message);
			expect(sent).toMatchObject({ transport: 'outbox', delivered: false });
			const row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
			expect(row).toMatchObject({
				id: sent.id,
				kind: 'contact',
				to_address: 'board@example.org',
				subject: 'Hei',
				text_body: 'Hello from the contact form',
				sent_at: null
			});
		});

		it('refuses a message without a valid recipient and stores nothing', async () => {
			const send = mailer(db, null, { from: 'x <x@example.org>' }).send({ ...message, to: 'nope' });
			await expect(send).rejects.toThrow();
			expect(await db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
		});
	});

	describe('mailer over SMTP', () => {
		let server: SMTPServer;
		let port: number;
		const received: { from: string; to: string[]; data: string }[] = [];

		beforeEach(async () => {
			received.length = 0;
			server = new SMTPServer({
				authOptional: true,
				disabledCommands: ['STARTTLS'],
				onData(stream, session, done) {
					let data = '';
					stream.on('data', (c: Buffer) => (data += c.toString()));
					stream.on('end', () => {
						received.push({
							from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
							to: session.envelope.rcptTo.map((r) => r.address),
							data
						});
						done();
					});
				}
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			port = (server.server.address() as AddressInfo).port;
		});
		afterEach(async () => {
			if (server.server.listening)
				await new Promise<void>((resolve) => server.close(() => resolve()));
		});

		it('delivers to the SMTP server and marks the row sent', async () => {
			const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
			const sent = await mailer(db, transport, { from: 'orgweb <noreply@example.org>' }).send(
				message
			);
			expect(sent).toMatchObject({ transport: 'smtp', delivered: true });
			expect(received).toHaveLength(1);
			expect(received[0]!).toMatchObject({
				from: 'noreply@example.org',
				to: ['board@example.org']
			});
			expect(received[0]!.data).toContain('Subject: Hei');
			expect(received[0]!.data).toContain('Hello from the contact form');
			const row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
			expect(row.sent_at).not.toBeNull();
			expect(row.error).toBeNull();
		});

		it('keeps the message with the error when the server is unreachable', async () => {
			await new Promise<void>((resolve) => server.close(() => resolve()));
			const transport = smtpTransport(`smtp://127.0.0.1:${port}?connectionTimeout=2000`);
			const sent = await mailer(db, transport, { from: 'orgweb <noreply@example.org>' }).send(
				message
			);
			expect(sent).toMatchObject({ transport: 'smtp', delivered: false });
			const row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
			expect(row.sent_at).toBeNull();
			expect(row.error).toMatch(/ECONNREFUSED|connect/i);
		});
	});
});
