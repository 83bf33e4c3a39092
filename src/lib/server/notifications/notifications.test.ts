import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyring as makeKeyring } from '../crypto/keyring';
import { eachTestDatabase, ENGINES } from '../db/test-db';
import { userRow } from '../db/test-rows';
import { NotFound } from '../errors';
import { as } from '../registration/test-fixtures';
import { notificationsService, recordNotice } from '.';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const keyring = makeKeyring([randomBytes(32)]);

describe('the unsubscribe token', () => {
	it('names the member and the kind, and is read back without the database', () => {
		const token = unsubscribeToken(keyring, { userId: 'kari', kind: 'promoted' });
		expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
		expect(token).not.toContain('kari');
		expect(readUnsubscribeToken(keyring, token)).toEqual({ userId: 'kari', kind: 'promoted' });
	});

	it('is refused when altered, forged with another key, or not a token at all', () => {
		const token = unsubscribeToken(keyring, { userId: 'kari', kind: 'promoted' });
		const last = token.at(-1) === 'A' ? 'B' : 'A';
		expect(readUnsubscribeToken(keyring, token.slice(0, -1) + last)).toBeNull();
		const other = makeKeyring([randomBytes(32)]);
		expect(
			readUnsubscribeToken(keyring, unsubscribeToken(other, { userId: 'kari', kind: 'promoted' }))
		).toBeNull();
		expect(readUnsubscribeToken(keyring, 'v1.nonsense')).toBeNull();
		expect(readUnsubscribeToken(keyring, '')).toBeNull();
	});

	it('still works after a key rotation while the old key is kept', () => {
		const old = randomBytes(32);
		const token = unsubscribeToken(makeKeyring([old]), { userId: 'kari', kind: 'reminder' });
		const rotated = makeKeyring([randomBytes(32), old]);
		expect(readUnsubscribeToken(rotated, token)).toEqual({ userId: 'kari', kind: 'reminder' });
	});
});

describe.each(ENGINES)('notification preferences on %s', (engine) => {
	const on = eachTestDatabase(engine);
	const service = () => notificationsService({ db: on.db, keyring });
	const member = async (id = 'kari') => {
		await on.db.insertInto('users').values(userRow(id, {})).execute();
	};
	const outbox = () => on.db.selectFrom('mail_outbox').selectAll().execute();
	const mail = {
		kind: 'registration-promoted',
		to: 'kari@example.org',
		subject: 'A seat',
		text: 'You got it'
	};

	it('has every kind on for a member who never chose', async () => {
		await member();
		expect(await service().preferences(as('kari'))).toEqual({
			registration_opens: true,
			promoted: true,
			event_changed: true,
			payment_due: true,
			reminder: true
		});
	});

	it('saves the choices, keeps a payment deadline on, and audits the change', async () => {
		await member();
		const saved = await service().save(as('kari'), {
			registration_opens: false,
			promoted: true,
			event_changed: false,
			payment_due: false,
			reminder: true
		});
		expect(saved).toMatchObject({
			registration_opens: false,
			event_changed: false,
			payment_due: true
		});
		expect(await service().preferences(as('kari'))).toEqual(saved);
		const audit = await on.db.selectFrom('audit_log').selectAll().execute();
		expect(audit).toHaveLength(1);
		expect(audit[0]).toMatchObject({ actor: 'kari', subject_id: 'kari', action: 'update' });
	});

	it('writes no mail of a kind the member turned off, and marks the mail of a kind that is on', async () => {
		await member();
		const notice = { kind: 'promoted', userId: 'kari', locale: 'en' } as const;
		expect(await recordNotice(on.db, notice, mail)).toEqual(expect.any(String));
		await service().save(as('kari'), {
			registration_opens: true,
			promoted: false,
			event_changed: true,
			payment_due: true,
			reminder: true
		});
		expect(await recordNotice(on.db, notice, mail)).toBeNull();
		const rows = await outbox();
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			notice_kind: 'promoted',
			notice_user_id: 'kari',
			notice_locale: 'en'
		});
	});

	it('always writes a payment deadline, as a mail without an unsubscribe mark', async () => {
		await member();
		await on.db
			.insertInto('notification_preferences')
			.values({
				user_id: 'kari',
				kind: 'payment_due',
				enabled: 0,
				updated_at: new Date().toISOString()
			})
			.execute();
		const notice = { kind: 'payment_due', userId: 'kari', locale: 'no' } as const;
		expect(await recordNotice(on.db, notice, mail)).toEqual(expect.any(String));
		expect((await outbox())[0]).toMatchObject({ notice_kind: null });
	});

	it('turns the link’s kind off without signing in, again and again, and refuses a forged link', async () => {
		await member();
		const token = unsubscribeToken(keyring, { userId: 'kari', kind: 'promoted' });
		expect(await service().unsubscribe(token)).toEqual({ kind: 'promoted' });
		expect(await service().unsubscribe(token)).toEqual({ kind: 'promoted' });
		expect((await service().preferences(as('kari'))).promoted).toBe(false);
		const audit = await on.db.selectFrom('audit_log').selectAll().execute();
		expect(audit.map((a) => a.action)).toEqual(['unsubscribe']);
		const forged = unsubscribeToken(makeKeyring([randomBytes(32)]), {
			userId: 'kari',
			kind: 'reminder'
		});
		await expect(service().unsubscribe(forged)).rejects.toBeInstanceOf(NotFound);
		expect((await service().preferences(as('kari'))).reminder).toBe(true);
	});

	it('refuses the link of a deleted account', async () => {
		await on.db
			.insertInto('users')
			.values(userRow('gone', { deleted_at: new Date().toISOString() }))
			.execute();
		const token = unsubscribeToken(keyring, { userId: 'gone', kind: 'promoted' });
		await expect(service().describe(token)).rejects.toBeInstanceOf(NotFound);
	});
});
