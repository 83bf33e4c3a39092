import { describe, expect, it } from 'vitest';
import { ENGINES } from '../db/test-db';
import {
	CONFIRMED,
	as,
	EVENT,
	everyone,
	minutes,
	people,
	settings,
	eachRegistrationDb,
	saveSettings
} from './test-fixtures';
import type { Mine } from './index';

describe.each(ENGINES)('the waiting list on %s', (engine) => {
	const on = eachRegistrationDb(engine);

	const save = (extra: Parameters<typeof settings>[0] = {}) => saveSettings(on.registration, extra);
	const register = (id: string, at = minutes(1)) => on.registration.register(as(id), EVENT, {}, at);
	const mine = async (id: string, at = minutes(2)): Promise<Mine> =>
		(await on.registration.overview(as(id), EVENT, at)).mine;
	const mails = () =>
		on.db
			.selectFrom('mail_outbox')
			.select(['kind', 'to_address', 'subject', 'text_body'])
			.where('kind', '<>', CONFIRMED)
			.orderBy('created_at')
			.execute();

	it('an unregistration gives the seat to the first in line at once, and tells them in their language', async () => {
		await save({ capacity: 1 });
		await people(on.db, ['a', 'b']);
		await people(on.db, ['c'], { locale: 'en' });
		for (const id of ['a', 'c', 'b']) await register(id);
		expect(await on.registration.unregister(as('a'), EVENT, minutes(3))).toEqual({
			mine: { status: 'none' },
			late: false
		});
		expect(await mine('c')).toEqual({ status: 'confirmed', pool: null });
		expect(await mine('b')).toEqual({ status: 'waiting', position: 1 });
		expect(await mails()).toEqual([
			{
				kind: 'registration-promoted',
				to_address: 'c@example.org',
				subject: 'You have a place: Christmas party',
				text_body: expect.stringContaining('You now have a place at “Christmas party”.')
			}
		]);
	});

	it('a member who turned promotions off gets the seat and no mail; one who did not gets a mail marked to unsubscribe from', async () => {
		await save({ capacity: 1 });
		await people(on.db, ['a', 'b', 'c']);
		await on.db
			.insertInto('notification_preferences')
			.values({ user_id: 'b', kind: 'promoted', enabled: 0, updated_at: minutes(0).toISOString() })
			.execute();
		for (const id of ['a', 'b', 'c']) await register(id);
		await on.registration.unregister(as('a'), EVENT, minutes(3));
		expect(await mine('b')).toEqual({ status: 'confirmed', pool: null });
		expect(await mails()).toEqual([]);
		await on.registration.unregister(as('b'), EVENT, minutes(4));
		expect(await mine('c')).toEqual({ status: 'confirmed', pool: null });
		const marked = await on.db
			.selectFrom('mail_outbox')
			.select(['to_address', 'notice_kind', 'notice_user_id', 'notice_locale'])
			.where('kind', '<>', CONFIRMED)
			.execute();
		expect(marked).toEqual([
			{
				to_address: 'c@example.org',
				notice_kind: 'promoted',
				notice_user_id: 'c',
				notice_locale: 'no'
			}
		]);
	});

	it('positions are the rank in line: someone ahead leaving moves everyone behind up, without gaps', async () => {
		await save({ capacity: 1 });
		await people(on.db, ['a', 'b', 'c', 'd']);
		for (const id of ['a', 'b', 'c', 'd']) await register(id);
		await on.registration.unregister(as('c'), EVENT, minutes(3));
		expect(await mine('b')).toEqual({ status: 'waiting', position: 1 });
		expect(await mine('d')).toEqual({ status: 'waiting', position: 2 });
	});

	it('the first ELIGIBLE waiting person takes a freed members’ seat; others keep their place', async () => {
		await save({
			capacity: 2,
			pools: [{ nameNo: 'M', nameEn: 'M', seats: 1, eligibility: 'members' }, everyone('All', 1)]
		});
		await people(on.db, ['m1', 'm2'], { member: true });
		await people(on.db, ['o1', 'o2']);
		for (const id of ['m1', 'o1', 'o2', 'm2']) await register(id);
		expect(await mine('o2')).toEqual({ status: 'waiting', position: 1 });
		await on.registration.unregister(as('m1'), EVENT, minutes(3));
		expect((await mine('m2')).status).toBe('confirmed');
		expect(await mine('o2')).toEqual({ status: 'waiting', position: 1 });
	});

	it('after the deadline a confirmed seat is kept unless late unregistration is allowed; then it is marked late', async () => {
		await save({ capacity: 1, unregisterBy: minutes(10).toISOString() });
		await people(on.db, ['a', 'b']);
		await register('a');
		await register('b');
		await expect(on.registration.unregister(as('a'), EVENT, minutes(11))).rejects.toMatchObject({
			name: 'Conflict',
			code: 'unregister_closed'
		});
		expect((await mine('a', minutes(11))).status).toBe('confirmed');
		// Leaving the waiting list holds nobody back: allowed at any time.
		expect((await on.registration.unregister(as('b'), EVENT, minutes(11))).late).toBe(false);

		await save({ capacity: 1, unregisterBy: minutes(10).toISOString(), lateUnregister: true });
		// Asked to confirm it first (the event page's box), a late unregistration unconfirmed is refused.
		await expect(
			on.registration.unregister(as('a'), EVENT, minutes(12), { lateConfirmed: false })
		).rejects.toMatchObject({ name: 'Invalid', code: 'confirm_late' });
		expect((await mine('a', minutes(12))).status).toBe('confirmed');
		expect((await on.registration.unregister(as('a'), EVENT, minutes(12))).late).toBe(true);
		const row = await on.db
			.selectFrom('registrations')
			.select(['status', 'late', 'cancelled_reason'])
			.where('user_id', '=', 'a')
			.executeTakeFirstOrThrow();
		expect(row).toEqual({ status: 'cancelled', late: 1, cancelled_reason: 'unregistered' });
	});

	it('a capacity raise seats the next in line in the same save', async () => {
		await save({ capacity: 1 });
		await people(on.db, ['a', 'b', 'c', 'd']);
		for (const id of ['a', 'b', 'c', 'd']) await register(id);
		await save({ capacity: 3 });
		expect((await mine('b')).status).toBe('confirmed');
		expect((await mine('c')).status).toBe('confirmed');
		expect(await mine('d')).toEqual({ status: 'waiting', position: 1 });
		expect(await mails()).toHaveLength(2);
	});

	it('an organiser’s removal needs a reason, is audited, and promotes the next', async () => {
		await save({ capacity: 1 });
		await people(on.db, ['a', 'b', 'ola']);
		await register('a');
		await register('b');
		await expect(
			on.registration.remove(as('ola'), EVENT, { userId: 'a', reason: 'no' }, minutes(3))
		).rejects.toMatchObject({ name: 'Forbidden' });
		await expect(
			on.registration.remove(as('admin'), EVENT, { userId: 'a', reason: ' ' }, minutes(3))
		).rejects.toMatchObject({ name: 'Invalid' });
		await on.registration.remove(
			as('admin'),
			EVENT,
			{ userId: 'a', reason: 'Double booking' },
			minutes(3)
		);
		expect((await mine('b')).status).toBe('confirmed');
		expect(await mine('a')).toEqual({ status: 'none' });
		const entry = await on.db
			.selectFrom('audit_log')
			.select(['actor', 'subject_type', 'action', 'details'])
			.where('subject_type', '=', 'registration')
			.executeTakeFirstOrThrow();
		expect(entry).toMatchObject({ actor: 'admin', action: 'remove' });
		expect(JSON.parse(entry.details!)).toMatchObject({ userId: 'a', reason: 'Double booking' });
		await expect(
			on.registration.remove(as('admin'), EVENT, { userId: 'a', reason: 'again' }, minutes(4))
		).rejects.toMatchObject({ name: 'NotFound', code: 'not_registered' });
	});

	it('once the merge time passes, a free seat of any pool goes to the next person the event admits', async () => {
		await save({
			capacity: 2,
			mergeAt: minutes(60).toISOString(),
			pools: [{ nameNo: 'M', nameEn: 'M', seats: 1, eligibility: 'members' }, everyone('All', 1)]
		});
		await people(on.db, ['o1', 'o2']);
		await register('o1');
		await register('o2');
		expect(await mine('o2', minutes(59))).toEqual({ status: 'waiting', position: 1 });
		// The scheduler (or the next request) settles it; a second run finds nothing to do.
		expect(await on.registration.runDue(minutes(60))).toBe(1);
		expect(await on.registration.runDue(minutes(61))).toBe(0);
		expect((await mine('o2', minutes(61))).status).toBe('confirmed');
	});
});
