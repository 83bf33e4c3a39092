import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localSmtp, type LocalSmtp } from '../../../../tests/helpers/smtp';
import { keyring as makeKeyring } from '../crypto/keyring';
import { eachTestDatabase, ENGINES } from '../db/test-db';
import { mailer, recordMail } from '.';
import { smtpTransport } from './smtp';

/** A message as read: header lines unfolded, a quoted-printable body decoded. */
function unfolded(data: string): string {
	const text = data.replace(/\r\n[ \t]+/g, ' ').replace(/=\r\n/g, '');
	return Buffer.from(
		text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
		'latin1'
	).toString('utf8');
}

describe.each(ENGINES)('on %s', (engine) => {
	const on = eachTestDatabase(engine);

	const message = {
		kind: 'contact',
		to: 'board@example.org',
		subject: 'Hei',
		text: 'Hello from the contact form'
	};

	const keyring = makeKeyring([randomBytes(32)]);
	/** A safety reporter's notice: the address must be stored, logged and kept nowhere in clear. */
	const sealed = {
		...message,
		kind: 'safety-answer',
		to: 'Kari.Reporter@example.org',
		sealed: true
	};

	/** What the process printed while `run` ran (the log writes to stdout and stderr). */
	async function printed(run: () => Promise<unknown>): Promise<string> {
		const lines: string[] = [];
		const capture = (chunk: unknown) => (lines.push(String(chunk)), true);
		const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
		const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
		try {
			await run();
			// Request lines leave in batches; mail lines at once, but let a turn pass all the same.
			await new Promise((r) => setImmediate(r));
		} finally {
			out.mockRestore();
			err.mockRestore();
		}
		return lines.join('');
	}

	describe('mailer without SMTP', () => {
		it('logs a message kept in the outbox by id and kind, naming no recipient', async () => {
			let id = '';
			const output = await printed(async () => {
				id = (await mailer(on.db, null, { from: 'x <x@example.org>' }).send(message)).id;
			});
			expect(output).toContain('"mail written to outbox"');
			expect(output).toContain(id);
			expect(output).not.toContain('board@example.org');
		});

		it('keeps a sealed message with its recipient encrypted, bound to its row', async () => {
			const mail = mailer(on.db, null, { from: 'x <x@example.org>', keyring });
			let id = '';
			const output = await printed(async () => {
				id = (await mail.send(sealed)).id;
			});
			const row = await on.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
			expect(row).toMatchObject({ id, kind: 'safety-answer', sealed: 1, sent_at: null });
			expect(JSON.stringify(row).toLowerCase()).not.toContain('kari.reporter');
			expect(keyring.decrypt(row.to_address, `mail_outbox:${id}:to`)).toBe(sealed.to);
			expect(() => keyring.decrypt(row.to_address, 'mail_outbox:another:to')).toThrow();
			expect(output.toLowerCase()).not.toContain('kari.reporter');
		});

		it('refuses to seal a message without a keyring, and stores nothing', async () => {
			await expect(
				mailer(on.db, null, { from: 'x <x@example.org>' }).send(sealed)
			).rejects.toThrow();
			expect(await on.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
		});

		it('keeps the message in the outbox, undelivered', async () => {
			const sent = await mailer(on.db, null, { from: 'x <x@example.org>' }).send(message);
			expect(sent).toMatchObject({ transport: 'outbox', delivered: false });
			const row = await on.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
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
			const send = mailer(on.db, null, { from: 'x <x@example.org>' }).send({
				...message,
				to: 'nope'
			});
			await expect(send).rejects.toThrow();
			expect(await on.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
		});
	});

	describe('mailer over SMTP', () => {
		let smtp: LocalSmtp;
		beforeEach(async () => {
			smtp = await localSmtp();
		});
		afterEach(() => smtp.close());

		it('delivers to the SMTP server and marks the row sent', async () => {
			const transport = smtpTransport(smtp.url);
			const sent = await mailer(on.db, transport, { from: 'orgweb <noreply@example.org>' }).send(
				message
			);
			expect(sent).toMatchObject({ transport: 'smtp', delivered: true });
			const { received } = smtp;
			expect(received).toHaveLength(1);
			expect(received[0]!).toMatchObject({
				from: 'noreply@example.org',
				to: ['board@example.org']
			});
			expect(received[0]!.data).toContain('Subject: Hei');
			expect(received[0]!.data).toContain('Hello from the contact form');
			const row = await on.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
			expect(row.sent_at).not.toBeNull();
			expect(row.error).toBeNull();
		});

		it('delivers a sealed message to its recipient and then forgets it', async () => {
			const transport = smtpTransport(smtp.url);
			const mail = mailer(on.db, transport, { from: 'orgweb <noreply@example.org>', keyring });
			const output = await printed(() => mail.send(sealed));
			expect(smtp.received).toHaveLength(1);
			expect(smtp.received[0]!.to).toEqual([sealed.to]);
			expect(await on.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
			expect(output.toLowerCase()).not.toContain('kari.reporter');
		});

		it('keeps a sealed message the server refused, its error naming no recipient', async () => {
			await smtp.close();
			smtp = await localSmtp({ refuseRecipients: true });
			const transport = smtpTransport(smtp.url);
			const mail = mailer(on.db, transport, { from: 'orgweb <noreply@example.org>', keyring });
			let sent: { delivered: boolean } = { delivered: true };
			const output = await printed(async () => {
				sent = await mail.send(sealed);
			});
			expect(sent.delivered).toBe(false);
			const row = await on.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
			expect(row.error).toMatch(/mailbox unavailable/);
			expect(row.sent_at).toBeNull();
			expect(JSON.stringify(row).toLowerCase()).not.toContain('kari.reporter');
			expect(output).toContain('mail delivery failed');
			expect(output.toLowerCase()).not.toContain('kari.reporter');
		});

		it('gives a notification’s mail the one-click unsubscribe headers and a last line with the link', async () => {
			const links = (n: { kind: string; userId: string; locale: string }) => ({
				url: `https://org.example/api/notifications/unsubscribe?token=t-${n.userId}-${n.kind}`,
				footer: `Turn off (${n.locale}): https://org.example/en/notifications/unsubscribe?token=t`
			});
			const mail = mailer(on.db, smtpTransport(smtp.url), {
				from: 'orgweb <noreply@example.org>',
				noticeLinks: links
			});
			await mail.send({
				...message,
				notice: { kind: 'promoted', userId: 'kari', locale: 'en' }
			});
			await mail.send(message);
			const [notice, plain] = smtp.received.map((r) => unfolded(r.data));
			expect(notice).toContain(
				'List-Unsubscribe: <https://org.example/api/notifications/unsubscribe?token=t-kari-promoted>'
			);
			expect(notice).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
			expect(notice!.trimEnd()).toMatch(
				/Turn off \(en\): https:\/\/org\.example\/en\/notifications\/unsubscribe\?token=t$/
			);
			expect(plain).not.toContain('List-Unsubscribe');
			// The outbox keeps the message as written: the link is made at delivery, never stored.
			const rows = await on.db.selectFrom('mail_outbox').select('text_body').execute();
			expect(rows.map((r) => r.text_body)).toEqual([message.text, message.text]);
		});

		it('a notification recorded in another transaction gets its link when delivered after the commit', async () => {
			const mail = mailer(on.db, smtpTransport(smtp.url), {
				from: 'orgweb <noreply@example.org>',
				noticeLinks: (n) => ({ url: `https://org.example/u?${n.kind}`, footer: `Off: ${n.locale}` })
			});
			const id = await recordMail(on.db, {
				...message,
				notice: { kind: 'promoted', userId: 'kari', locale: 'no' }
			});
			expect(await mail.deliver(id)).toMatchObject({ delivered: true });
			const data = unfolded(smtp.received[0]!.data);
			expect(data).toContain('List-Unsubscribe: <https://org.example/u?promoted>');
			expect(data.trimEnd()).toMatch(/Off: no$/);
		});

		it('keeps the message with the error when the server is unreachable', async () => {
			await smtp.close();
			const transport = smtpTransport(`${smtp.url}?connectionTimeout=2000`);
			const sent = await mailer(on.db, transport, { from: 'orgweb <noreply@example.org>' }).send(
				message
			);
			expect(sent).toMatchObject({ transport: 'smtp', delivered: false });
			const row = await on.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
			expect(row.sent_at).toBeNull();
			expect(row.error).toMatch(/ECONNREFUSED|connect/i);
		});
	});
});
