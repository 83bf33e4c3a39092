// 2,000 reminder e-mails through the outbox to a local SMTP server (smtp-server): the reminder
// run writes them (notifications/senders.ts) and the drain sends them (mail/drain.ts, its rate set
// to let all 2,000 go in one run), against the baseline of the same 2,000 messages handed to the
// same SMTP transport directly, without the outbox. On a real SQLite file.
// Run: node bench/mail.mjs   (sets MAIL_BENCH=1; without it this file is skipped, so the shop part
// of `npm run bench`, which runs every bench file, does not pay for it)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { localSmtp, type LocalSmtp } from '../tests/helpers/smtp';
import { migrate, openSqlite, type Db } from '../src/lib/server/db';
import { mailer } from '../src/lib/server/mail';
import { drainOutbox } from '../src/lib/server/mail/drain';
import { smtpTransport } from '../src/lib/server/mail/smtp';
import { sendReminders } from '../src/lib/server/notifications/senders';
import { anotherEvent } from '../src/lib/server/registration/test-fixtures';

const enabled = process.env.MAIL_BENCH === '1';
const PEOPLE = 2000;
const NOW = new Date('2026-12-19T20:00:00.000Z');
const FROM = 'orgweb <noreply@example.org>';

async function attendees(): Promise<Db> {
	const db = openSqlite(join(mkdtempSync(join(tmpdir(), 'orgweb-bench-mail-')), 'mail.db'));
	await migrate(db);
	const at = '2026-12-01T12:00:00.000Z';
	await db.insertInto('campuses').values({ id: 'oslo', name: 'Oslo', sort: 1 }).execute();
	await anotherEvent(db, 'ev-bench', {
		unitId: null,
		titleNo: 'Julebord',
		titleEn: 'Christmas party'
	});
	await db
		.insertInto('event_registration')
		.values({
			event_id: 'ev-bench',
			enabled: 1,
			opens_at: at,
			closes_at: '2026-12-19T12:00:00.000Z',
			unregister_by: null,
			late_unregister: 0,
			capacity: PEOPLE,
			mode: 'first_come',
			draw_minutes: null,
			draw_seed: null,
			drawn_at: null,
			merge_at: null,
			price_member_ore: null,
			price_other_ore: null,
			question_no: null,
			question_en: null,
			answer_keep_days: 30,
			updated_at: at
		})
		.execute();
	for (let from = 0; from < PEOPLE; from += 250) {
		const ids = Array.from({ length: 250 }, (_, i) => `p${from + i}`);
		await db
			.insertInto('users')
			.values(
				ids.map((id, i) => ({
					id,
					email: `${id}@example.org`,
					name: `Person ${id}`,
					locale: i % 2 ? 'en' : 'no',
					created_at: at,
					email_verified_at: at
				}))
			)
			.execute();
		await db
			.insertInto('registrations')
			.values(
				ids.map((id, i) => ({
					id: `r-${id}`,
					event_id: 'ev-bench',
					user_id: id,
					pool_id: null,
					status: 'confirmed',
					arrival: from + i,
					queue: from + i,
					answer: null,
					order_id: null,
					pay_by: null,
					cancelled_reason: null,
					created_at: at,
					updated_at: at
				}))
			)
			.execute();
	}
	return db;
}

const smtp: LocalSmtp | undefined = enabled ? await localSmtp() : undefined;
const db = enabled ? await attendees() : undefined;
const options = { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 };
/** Throws unless `PEOPLE` more mails arrived than `before`: a bench that lost mail measures nothing. */
const check = (before: number) => {
	const arrived = smtp!.received.length - before;
	if (arrived !== PEOPLE) throw new Error(`${arrived} of ${PEOPLE} mails arrived`);
};

describe.runIf(enabled)(`${PEOPLE} reminder e-mails to a local SMTP server`, () => {
	afterAll(() => smtp?.close());

	bench(
		'outbox: the reminder run writes them, the drain sends them',
		async () => {
			const before = smtp!.received.length;
			// A run before this one wrote the same occasions: they are written again, not skipped.
			await db!.deleteFrom('mail_outbox').execute();
			const transport = smtpTransport(smtp!.url);
			const mail = mailer(db!, transport, { from: FROM });
			const written = await sendReminders(db!, NOW);
			if (written !== PEOPLE) throw new Error(`${written} reminders written`);
			const { sent } = await drainOutbox(db!, mail, { ratePerMinute: PEOPLE, now: NOW });
			if (sent !== PEOPLE) throw new Error(`${sent} sent`);
			check(before);
		},
		options
	);

	bench(
		'baseline: the same messages straight to the SMTP transport',
		async () => {
			const before = smtp!.received.length;
			const transport = smtpTransport(smtp!.url);
			for (let i = 0; i < PEOPLE; i++) {
				await transport.deliver(
					{
						kind: 'notice-reminder',
						to: `p${i}@example.org`,
						subject: 'Reminder: Christmas party tomorrow',
						text: 'Hi,\n\nYou are registered for “Christmas party”, which starts soon.'
					},
					FROM
				);
			}
			check(before);
		},
		options
	);
});
