import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localSmtp, type LocalSmtp } from '../../../../tests/helpers/smtp';
import { eachTestDatabase, ENGINES } from '../db/test-db';
import { CLAIM_MS, drainOutbox } from './drain';
import { mailer, recordMail, recordQueued } from '.';
import { smtpTransport } from './smtp';

const T0 = new Date('2026-11-28T10:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

describe.each(ENGINES)('the outbox drain on %s', (engine) => {
	const on = eachTestDatabase(engine);
	let smtp: LocalSmtp;
	beforeEach(async () => {
		smtp = await localSmtp();
	});
	afterEach(() => smtp.close());

	const sender = (url = smtp.url) =>
		mailer(on.db, smtpTransport(url), { from: 'orgweb <noreply@example.org>' });
	const queue = async (n: number, prefix = 'reminder') => {
		for (let i = 0; i < n; i++) {
			await recordQueued(
				on.db,
				{ kind: prefix, to: `m${i}@example.org`, subject: `Mail ${i}`, text: 'Tomorrow' },
				`${prefix}:e:${i}`,
				later(i)
			);
		}
	};
	const recipients = () => smtp.received.flatMap((r) => r.to).sort();

	it('writes a queued mail once per occasion', async () => {
		const mail = { kind: 'reminder', to: 'kari@example.org', subject: 'S', text: 'T' };
		expect(await recordQueued(on.db, mail, 'reminder:e:kari', T0)).toEqual(expect.any(String));
		expect(await recordQueued(on.db, mail, 'reminder:e:kari', T0)).toBeNull();
		expect(await on.db.selectFrom('mail_outbox').selectAll().execute()).toHaveLength(1);
	});

	it('sends at most the rate in a minute, and the rest in the next minutes, oldest first', async () => {
		await queue(5);
		expect(await drainOutbox(on.db, sender(), { ratePerMinute: 2, now: later(MINUTE) })).toEqual({
			sent: 2,
			failed: 0
		});
		expect(recipients()).toEqual(['m0@example.org', 'm1@example.org']);
		// Again within the same minute: the rate is used up.
		const again = later(MINUTE + 30_000);
		expect(await drainOutbox(on.db, sender(), { ratePerMinute: 2, now: again })).toEqual({
			sent: 0,
			failed: 0
		});
		await drainOutbox(on.db, sender(), { ratePerMinute: 2, now: later(2 * MINUTE + 1) });
		await drainOutbox(on.db, sender(), { ratePerMinute: 2, now: later(3 * MINUTE + 2) });
		expect(recipients()).toHaveLength(5);
		expect(new Set(recipients()).size).toBe(5);
	});

	it('leaves a mail sent at once (a receipt) alone', async () => {
		await recordMail(on.db, { kind: 'receipt', to: 'buyer@example.org', subject: 'S', text: 'T' });
		expect(await drainOutbox(on.db, sender(), { ratePerMinute: 10, now: later(MINUTE) })).toEqual({
			sent: 0,
			failed: 0
		});
		expect(smtp.received).toHaveLength(0);
	});

	it('two instances draining at once send every mail once', async () => {
		await queue(12);
		const at = later(MINUTE);
		const [a, b] = await Promise.all([
			drainOutbox(on.db, sender(), { ratePerMinute: 100, now: at }),
			drainOutbox(on.db, sender(), { ratePerMinute: 100, now: at })
		]);
		expect(a.sent + b.sent).toBe(12);
		expect(recipients()).toHaveLength(12);
		expect(new Set(recipients()).size).toBe(12);
	});

	it('a mail taken by a run that died goes out once its lease ran out, not before', async () => {
		await queue(1);
		await on.db.updateTable('mail_outbox').set({ claimed_at: T0.toISOString() }).execute();
		const rate = { ratePerMinute: 10 };
		expect((await drainOutbox(on.db, sender(), { ...rate, now: later(CLAIM_MS - 1) })).sent).toBe(
			0
		);
		expect((await drainOutbox(on.db, sender(), { ...rate, now: later(CLAIM_MS) })).sent).toBe(1);
		expect(recipients()).toEqual(['m0@example.org']);
	});

	it('a mail the server refused is tried again later, not at the next run, and then sent', async () => {
		const refusing = await localSmtp({ refuseRecipients: true });
		try {
			await queue(1);
			const rate = { ratePerMinute: 10 };
			const first = await drainOutbox(on.db, sender(refusing.url), { ...rate, now: later(MINUTE) });
			expect(first).toEqual({ sent: 0, failed: 1 });
			const row = await on.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
			expect(row).toMatchObject({ attempts: 1, sent_at: null, error: expect.any(String) });
			expect(await drainOutbox(on.db, sender(), { ...rate, now: later(2 * MINUTE) })).toEqual({
				sent: 0,
				failed: 0
			});
			expect(
				await drainOutbox(on.db, sender(), { ...rate, now: later(MINUTE + CLAIM_MS) })
			).toEqual({ sent: 1, failed: 0 });
			expect(recipients()).toEqual(['m0@example.org']);
		} finally {
			await refusing.close();
		}
	});

	it('sends nothing without SMTP: the outbox is where mail stays', async () => {
		await queue(1);
		const outboxOnly = mailer(on.db, null, { from: 'orgweb <noreply@example.org>' });
		expect(await drainOutbox(on.db, outboxOnly, { ratePerMinute: 10, now: later(MINUTE) })).toEqual(
			{ sent: 0, failed: 0 }
		);
	});
});
