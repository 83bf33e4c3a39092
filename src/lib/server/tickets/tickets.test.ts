import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyring } from '../crypto/keyring';
import { ENGINES } from '../db/test-db';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import {
	ADMIN,
	EVENT,
	anotherEvent,
	as,
	eachRegistrationDb,
	insertUnit,
	minutes,
	people,
	saveSettings,
	service,
	settings
} from '../registration/test-fixtures';
import { fromBase64url, toBase64url } from '$lib/tickets/format';
import { ticketsService, type CheckIn } from './index';

// Tickets and the door's check-in (issue 33) over a real database: what a member holds, what the
// door lets in once, and what it refuses with which answer.
describe.each(ENGINES)('tickets and the door on %s', (engine) => {
	const on = eachRegistrationDb(engine, 5);
	const key = randomBytes(32);
	const arrivals: CheckIn[] = [];
	const tickets = (keys = [key]) =>
		ticketsService({
			db: on.db,
			keyring: keyring(keys),
			roles: rolesService({
				store: sqlIdentityStore(on.db),
				isMember: async () => false,
				adminEmails: [`${ADMIN}@example.org`]
			}),
			onArrival: async (_trx, checkIn) => void arrivals.push(checkIn)
		});
	const door = (token: string, name = 'east', service = tickets()) =>
		service.checkIn(as(ADMIN), EVENT, { token, door: name }, minutes(60));
	const checkIns = () => on.db.selectFrom('check_ins').selectAll().execute();

	async function ticketOf(id: string, service = tickets()) {
		const token = await service.forEvent(as(id), EVENT);
		expect(token).not.toBeNull();
		return token!;
	}

	it('a confirmed member’s ticket lets them in once; a second scan is flagged with the first scan’s time and door', async () => {
		arrivals.length = 0;
		await saveSettings(on.registration, { pools: [{ ...everyoneIn('Students'), seats: 5 }] });
		await people(on.db, ['ann']);
		await on.registration.register(as('ann'), EVENT, {}, minutes(1));
		const token = await ticketOf('ann');

		const first = await door(token, 'east');
		expect(first).toMatchObject({
			outcome: 'checked_in',
			person: { name: 'ann', pool: { no: 'Students', en: 'Students' } },
			door: 'east',
			at: minutes(60).toISOString()
		});
		const again = await tickets().checkIn(as(ADMIN), EVENT, { token, door: 'west' }, minutes(70));
		expect(again).toMatchObject({
			outcome: 'already',
			door: 'east',
			at: minutes(60).toISOString()
		});
		expect(await checkIns()).toHaveLength(1);
		expect(arrivals.map((a) => a.door)).toEqual(['east']);
		const kit = await tickets().door(as(ADMIN), EVENT);
		expect(kit.attendees).toEqual([
			expect.objectContaining({
				name: 'ann',
				checkedIn: { at: minutes(60).toISOString(), door: 'east' }
			})
		]);
	});

	it('a ticket of a registration given up, removed or on the waiting list does not check in; nothing is written', async () => {
		await saveSettings(on.registration, { capacity: 2 });
		await people(on.db, ['ann', 'bob', 'cy']);
		for (const [i, id] of ['ann', 'bob', 'cy'].entries()) {
			await on.registration.register(as(id), EVENT, {}, minutes(1 + i));
		}
		expect(await tickets().forEvent(as('cy'), EVENT)).toBeNull();
		const ann = await ticketOf('ann');
		const bob = await ticketOf('bob');
		await on.registration.unregister(as('ann'), EVENT, minutes(10));
		await on.registration.remove(
			as(ADMIN),
			EVENT,
			{ userId: 'bob', reason: 'no show' },
			minutes(11)
		);
		expect(await tickets().forEvent(as('ann'), EVENT)).toBeNull();

		for (const token of [ann, bob]) {
			await expect(door(token)).rejects.toMatchObject({
				name: 'Conflict',
				code: 'ticket_not_valid'
			});
		}
		expect(await checkIns()).toEqual([]);
		// cy moved up to a seat: her ticket is there now.
		await expect(door(await ticketOf('cy'))).resolves.toMatchObject({ outcome: 'checked_in' });
	});

	it('a paid seat has its ticket once paid, not before', async () => {
		const paying = service(on.db, { canTakePayments: true });
		await saveSettings(paying, { priceOtherOre: 10_000, priceMemberOre: 10_000 });
		await people(on.db, ['ann']);
		const withPrice = await paying.register(as('ann'), EVENT, {}, minutes(1));
		expect(withPrice).toMatchObject({ status: 'confirmed', orderId: expect.any(String) });
		expect(await tickets().forEvent(as('ann'), EVENT)).toBeNull();
		await on.db
			.updateTable('orders')
			.set({ status: 'paid' })
			.where('id', '=', (withPrice as { orderId: string }).orderId)
			.execute();
		await expect(door(await ticketOf('ann'))).resolves.toMatchObject({ outcome: 'checked_in' });
	});

	it('a forged, altered or malformed ticket, or one of another event, is refused with its own answer; nothing is written', async () => {
		await saveSettings(on.registration);
		await anotherEvent(on.db, 'ev-quiz');
		await on.registration.saveSettings(as(ADMIN), 'ev-quiz', settings(), minutes(-60));
		await people(on.db, ['ann']);
		await on.registration.register(as('ann'), EVENT, {}, minutes(1));
		await on.registration.register(as('ann'), 'ev-quiz', {}, minutes(1));
		const token = await ticketOf('ann');
		const [keyId, payload, signature] = token.split('.') as [string, string, string];

		// Another event's payload under this ticket's signature: altered.
		const otherPayload = toBase64url(
			new TextEncoder().encode(
				new TextDecoder().decode(fromBase64url(payload)).replace(EVENT, 'ev-quiz')
			)
		);
		const flipped = fromBase64url(signature);
		flipped[0]! ^= 1;
		// Signed by a key of another site: a real Ed25519 signature, not this site's.
		const foreign = await tickets([randomBytes(32)]).forEvent(as('ann'), EVENT);

		const forged = { name: 'Invalid', code: 'forged_ticket' };
		await expect(door(`${keyId}.${otherPayload}.${signature}`)).rejects.toMatchObject(forged);
		await expect(door(`${keyId}.${payload}.${toBase64url(flipped)}`)).rejects.toMatchObject(forged);
		await expect(door(foreign!)).rejects.toMatchObject(forged);
		for (const bad of ['hello', `${keyId}.${payload}`, `${keyId}.${payload}.${signature}.x`]) {
			await expect(door(bad)).rejects.toMatchObject({ name: 'Invalid', code: 'malformed_ticket' });
		}
		const quiz = await tickets().forEvent(as('ann'), 'ev-quiz');
		await expect(door(quiz!)).rejects.toMatchObject({ name: 'Conflict', code: 'other_event' });
		expect(await checkIns()).toEqual([]);
	});

	it('a ticket issued before a key rotation still checks in after it', async () => {
		await saveSettings(on.registration);
		await people(on.db, ['ann']);
		await on.registration.register(as('ann'), EVENT, {}, minutes(1));
		const before = await ticketOf('ann');
		const rotated = tickets([randomBytes(32), key]);
		expect(await rotated.forEvent(as('ann'), EVENT)).not.toBe(before);
		expect(rotated.publicKeys()).toHaveLength(2);
		await expect(door(before, 'east', rotated)).resolves.toMatchObject({ outcome: 'checked_in' });
	});

	it('two doors syncing the same offline scans count each ticket once; a replayed queue changes nothing', async () => {
		arrivals.length = 0;
		await saveSettings(on.registration);
		await people(on.db, ['ann', 'bob']);
		await on.registration.register(as('ann'), EVENT, {}, minutes(1));
		await on.registration.register(as('bob'), EVENT, {}, minutes(2));
		const ann = await ticketOf('ann');
		const bob = await ticketOf('bob');
		const sync = (name: string, scans: { token: string; at: Date }[], now: Date) =>
			tickets().sync(
				as(ADMIN),
				EVENT,
				{ door: name, scans: scans.map((s) => ({ token: s.token, at: s.at.toISOString() })) },
				now
			);

		const east = await sync(
			'east',
			[
				{ token: ann, at: minutes(50) },
				{ token: 'junk', at: minutes(51) }
			],
			minutes(90)
		);
		expect(east.results).toEqual([
			expect.objectContaining({
				outcome: 'checked_in',
				door: 'east',
				at: minutes(50).toISOString()
			}),
			{ outcome: 'refused', code: 'malformed_ticket' }
		]);
		const west = await sync(
			'west',
			[
				{ token: ann, at: minutes(49) },
				{ token: bob, at: minutes(52) }
			],
			minutes(91)
		);
		expect(west.results).toEqual([
			expect.objectContaining({ outcome: 'already', door: 'east', at: minutes(50).toISOString() }),
			expect.objectContaining({ outcome: 'checked_in', door: 'west' })
		]);
		const rows = await checkIns();
		const replay = await sync(
			'west',
			[
				{ token: ann, at: minutes(49) },
				{ token: bob, at: minutes(52) }
			],
			minutes(95)
		);
		expect(replay.results.map((r) => r.outcome)).toEqual(['already', 'already']);
		expect(await checkIns()).toEqual(rows);
		expect(rows).toHaveLength(2);
		expect(arrivals).toHaveLength(2);
	});

	it('a scan the door dated after the sync counts at the sync’s time', async () => {
		await saveSettings(on.registration);
		await people(on.db, ['ann']);
		await on.registration.register(as('ann'), EVENT, {}, minutes(1));
		const { results } = await tickets().sync(
			as(ADMIN),
			EVENT,
			{ door: 'east', scans: [{ token: await ticketOf('ann'), at: minutes(500).toISOString() }] },
			minutes(90)
		);
		expect(results[0]).toMatchObject({ outcome: 'checked_in', at: minutes(90).toISOString() });
	});

	it('only the event’s organisers use the door: a member and a leader of another unit are refused, its unit’s leader is not', async () => {
		await saveSettings(on.registration);
		await insertUnit(on.db, 'band');
		await people(on.db, ['ann', 'member']);
		await people(on.db, ['stranger'], { unit: 'band', role: 'leader' });
		await people(on.db, ['own'], { unit: 'choir', role: 'leader' });
		await on.registration.register(as('ann'), EVENT, {}, minutes(1));
		const token = await ticketOf('ann');
		for (const who of ['member', 'stranger']) {
			await expect(tickets().door(as(who), EVENT)).rejects.toMatchObject({ name: 'Forbidden' });
			await expect(
				tickets().checkIn(as(who), EVENT, { token, door: 'x' }, minutes(60))
			).rejects.toMatchObject({ name: 'Forbidden' });
			await expect(
				tickets().sync(as(who), EVENT, {
					door: 'x',
					scans: [{ token, at: minutes(60).toISOString() }]
				})
			).rejects.toMatchObject({ name: 'Forbidden' });
		}
		expect(await checkIns()).toEqual([]);
		await expect(tickets().door(as('own'), EVENT)).resolves.toMatchObject({ eventId: EVENT });
		await expect(tickets().door(as(ADMIN), 'no-such-event')).rejects.toMatchObject({
			name: 'NotFound'
		});
	});
});

const everyoneIn = (name: string) => ({
	nameNo: name,
	nameEn: name,
	seats: 5,
	eligibility: 'everyone' as const
});
