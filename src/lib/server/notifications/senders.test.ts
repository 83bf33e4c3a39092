import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentEditor } from '../content/editor';
import { ENGINES } from '../db/test-db';
import { filesService, localDiskStorage } from '../files';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import {
	CONFIRMED,
	ADMIN,
	EVENT,
	T0,
	as,
	eachRegistrationDb,
	minutes,
	people,
	saveSettings
} from '../registration/test-fixtures';
import { sendRegistrationOpens, sendReminders } from './senders';

/** 22 hours before the suite's event (20 December, 18:00 UTC). */
const DAY_BEFORE = new Date('2026-12-19T20:00:00.000Z');

describe.each(ENGINES)('the notifications’ senders on %s', (engine) => {
	const on = eachRegistrationDb(engine);
	// The notices only: the seats' own confirmations are registration's (confirmation.test.ts).
	const outbox = () =>
		on.db
			.selectFrom('mail_outbox')
			.selectAll()
			.where('kind', '<>', CONFIRMED)
			.orderBy('to_address')
			.execute();
	const turnOff = (userId: string, kind: string) =>
		on.db
			.insertInto('notification_preferences')
			.values({ user_id: userId, kind, enabled: 0, updated_at: T0.toISOString() })
			.execute();
	const register = async (ids: string[]) => {
		for (const id of ids) await on.registration.register(as(id), EVENT, {}, minutes(1));
	};

	describe('the reminder the day before', () => {
		beforeEach(async () => {
			await people(on.db, ['kari', 'per']);
			await people(on.db, ['emma'], { locale: 'en' });
			await saveSettings(on.registration, { capacity: 2 });
			await register(['kari', 'emma', 'per']);
		});

		it('goes to each confirmed attendee in their language, queued for the drain, once however often it runs', async () => {
			expect(await sendReminders(on.db, DAY_BEFORE)).toBe(2);
			expect(await sendReminders(on.db, new Date(DAY_BEFORE.getTime() + 60_000))).toBe(0);
			const rows = await outbox();
			expect(rows.map((r) => r.to_address)).toEqual(['emma@example.org', 'kari@example.org']);
			expect(rows[0]).toMatchObject({
				queued: 1,
				sent_at: null,
				notice_kind: 'reminder',
				notice_locale: 'en',
				subject: 'Reminder: Christmas party tomorrow'
			});
			expect(rows[1]).toMatchObject({
				notice_locale: 'no',
				subject: 'Påminnelse: Julebord i morgen'
			});
			expect(rows[1]!.text_body).toContain('Hall');
		});

		it('skips a member who turned reminders off, and an event more than a day ahead', async () => {
			await turnOff('kari', 'reminder');
			expect(await sendReminders(on.db, new Date('2026-12-19T17:00:00.000Z'))).toBe(0);
			expect(await sendReminders(on.db, DAY_BEFORE)).toBe(1);
			expect((await outbox()).map((r) => r.to_address)).toEqual(['emma@example.org']);
		});
	});

	describe('registration opens', () => {
		beforeEach(async () => {
			await people(on.db, ['lead', 'singer'], { unit: 'choir' });
			await people(on.db, ['fan'], { locale: 'en' });
			await people(on.db, ['stranger']);
			await on.db
				.insertInto('unit_follows')
				.values({ user_id: 'fan', unit_id: 'choir', created_at: T0.toISOString() })
				.execute();
			await saveSettings(on.registration);
		});

		it('tells the unit’s members and followers once, but not those already registered or unrelated', async () => {
			expect(await sendRegistrationOpens(on.db, minutes(-1))).toBe(0);
			await register(['singer']);
			expect(await sendRegistrationOpens(on.db, minutes(2))).toBe(2);
			expect(await sendRegistrationOpens(on.db, minutes(3))).toBe(0);
			const rows = await outbox();
			expect(rows.map((r) => r.to_address)).toEqual(['fan@example.org', 'lead@example.org']);
			expect(rows[0]).toMatchObject({
				notice_kind: 'registration_opens',
				subject: 'Registration is open: Christmas party'
			});
			expect(rows[1]).toMatchObject({ subject: 'Påmeldingen har åpnet: Julebord' });
		});

		it('is not sent to one who turned it off, nor after registration closed', async () => {
			await turnOff('lead', 'registration_opens');
			expect(await sendRegistrationOpens(on.db, minutes(25 * 60))).toBe(0);
			expect(await sendRegistrationOpens(on.db, minutes(2))).toBe(2);
			expect((await outbox()).map((r) => r.to_address)).toEqual([
				'fan@example.org',
				'singer@example.org'
			]);
		});
	});

	describe('an event changed or cancelled by its editor', () => {
		let filesDir: string;
		const editor = () => {
			const roles = rolesService({
				store: sqlIdentityStore(on.db),
				isMember: async () => false,
				adminEmails: [`${ADMIN}@example.org`]
			});
			const files = filesService(on.db, localDiskStorage(filesDir), { maxBytes: 1024 });
			return contentEditor({ db: on.db, roles, files });
		};
		const edit = async (changes: Record<string, string>) => {
			const { version, values } = await editor().read(as(ADMIN), 'events', EVENT, T0);
			return editor().update(as(ADMIN), 'events', EVENT, version, { ...values, ...changes }, T0);
		};
		beforeEach(async () => {
			filesDir = mkdtempSync(join(tmpdir(), 'orgweb-notices-'));
			await on.db
				.insertInto('categories')
				.values({ id: 'party', kind: 'event', sort: 1, name_no: 'Fest', name_en: 'Party' })
				.execute();
			await people(on.db, ['kari', 'per', 'gone']);
			await people(on.db, ['emma'], { locale: 'en' });
			await saveSettings(on.registration, { capacity: 2 });
			await register(['kari', 'emma', 'per', 'gone']);
			await on.registration.unregister(as('gone'), EVENT, minutes(2));
		});
		afterEach(() => rmSync(filesDir, { recursive: true, force: true }));

		it('a new place tells those confirmed and waiting, in their language; a new title alone tells nobody', async () => {
			expect(await edit({ title_en: 'Christmas dinner' })).toEqual({ ok: true, key: EVENT });
			expect(await outbox()).toHaveLength(0);
			expect(await edit({ location: 'Aulaen' })).toMatchObject({ ok: true });
			const rows = await outbox();
			expect(rows.map((r) => r.to_address)).toEqual([
				'emma@example.org',
				'kari@example.org',
				'per@example.org'
			]);
			expect(rows[0]).toMatchObject({
				notice_kind: 'event_changed',
				subject: 'Changed: Christmas dinner',
				queued: 1
			});
			expect(rows[0]!.text_body).toContain('Where: Aulaen');
			expect(rows[1]).toMatchObject({ subject: 'Endret: Julebord' });
		});

		it('removing the event tells them it is cancelled; so does taking it off the site', async () => {
			const { version } = await editor().read(as(ADMIN), 'events', EVENT, T0);
			expect(await edit({ publication: 'draft' })).toMatchObject({ ok: true });
			expect((await outbox()).map((r) => r.subject)).toEqual([
				'Cancelled: Christmas party',
				'Avlyst: Julebord',
				'Avlyst: Julebord'
			]);
			await on.db.deleteFrom('mail_outbox').execute();
			expect(await editor().remove(as(ADMIN), 'events', EVENT, version + 1, T0)).toEqual({
				ok: true
			});
			expect(await outbox()).toHaveLength(3);
		});

		it('one who turned it off hears nothing', async () => {
			await turnOff('per', 'event_changed');
			await edit({ location: 'Aulaen' });
			expect((await outbox()).map((r) => r.to_address)).toEqual([
				'emma@example.org',
				'kari@example.org'
			]);
		});
	});
});
