// Rows and a service for the registration tests: a campus, a unit, an event, people (members or
// not, on a team or a campus) and the service over a real database, with an admin to organise.
import { afterEach, beforeEach } from 'vitest';
import type { Db } from '../db';
import type { Engine } from '../db/dialect';
import { testDatabase, type TestDatabase } from '../db/test-db';
import { userContext, type UserContext } from '../context';
import { orderRow, userRow } from '../db/test-rows';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import { mailer } from '../mail';
import {
	registrationService,
	type RegistrationDeps,
	type RegistrationService,
	type SettingsInput
} from './index';

export const EVENT = 'ev-party';
/** The kind of a seat's confirmation mail: tests of other mails leave it out (see confirmation.test.ts). */
export const CONFIRMED = 'registration-confirmed';
export const ADMIN = 'admin';
export const T0 = new Date('2026-12-01T12:00:00.000Z');
export const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

export const as = (id: string): UserContext =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, `s-${id}`);

const localized = (key: string, text: string) => ({ [`${key}_no`]: text, [`${key}_en`]: text });

export async function eventRows(db: Db): Promise<void> {
	await db.insertInto('campuses').values({ id: 'oslo', name: 'Oslo', sort: 1 }).execute();
	await db.insertInto('campuses').values({ id: 'bergen', name: 'Bergen', sort: 2 }).execute();
	await insertUnit(db, 'choir', 'Choir');
	await anotherEvent(db, EVENT, { titleNo: 'Julebord', titleEn: 'Christmas party' });
	await db.insertInto('users').values(userRow(ADMIN)).execute();
}

/** A unit of Oslo, named `name` in both languages (its id unless given). */
export async function insertUnit(db: Db, id: string, name = id): Promise<void> {
	await db
		.insertInto('units')
		.values({
			id,
			campus_id: 'oslo',
			type: 'group',
			sort: 1,
			published_at: null,
			image_file_id: null,
			image_alt_no: null,
			image_alt_en: null,
			...(localized('name', name) as { name_no: string; name_en: string }),
			...(localized('summary', '') as { summary_no: string; summary_en: string }),
			...(localized('body', '') as { body_no: string; body_en: string })
		})
		.execute();
}

/** One more event (the suite's own is EVENT), of the choir on 20 December unless given. */
export async function anotherEvent(
	db: Db,
	id: string,
	options: {
		unitId?: string | null;
		titleNo?: string;
		titleEn?: string;
		startsAt?: string;
		endsAt?: string;
	} = {}
): Promise<void> {
	await db
		.insertInto('events')
		.values({
			id,
			campus_id: 'oslo',
			unit_id: options.unitId === undefined ? 'choir' : options.unitId,
			category: 'party',
			location: 'Hall',
			starts_at: options.startsAt ?? '2026-12-20T18:00:00.000Z',
			ends_at: options.endsAt ?? '2026-12-20T23:00:00.000Z',
			price_ore: null,
			capacity: null,
			image: null,
			product_id: null,
			published_at: null,
			image_file_id: null,
			image_alt_no: null,
			image_alt_en: null,
			title_no: options.titleNo ?? id,
			title_en: options.titleEn ?? id,
			summary_no: '',
			summary_en: '',
			body_no: '',
			body_en: ''
		})
		.execute();
}

/** People `ids`, each a verified account; `member`: with a paid membership covering T0. */
export async function people(
	db: Db,
	ids: readonly string[],
	options: {
		member?: boolean;
		unit?: string;
		role?: 'member' | 'leader';
		campus?: string;
		locale?: string;
	} = {}
): Promise<void> {
	if (ids.length === 0) return;
	await db
		.insertInto('users')
		.values(
			ids.map((id) =>
				userRow(id, { campus_id: options.campus ?? null, locale: options.locale ?? 'no' })
			)
		)
		.execute();
	if (options.unit) {
		await db
			.insertInto('team_members')
			.values(
				ids.map((id) => ({
					unit_id: options.unit!,
					user_id: id,
					role: options.role ?? 'member',
					created_at: T0.toISOString()
				}))
			)
			.execute();
	}
	if (options.member) {
		for (const id of ids) {
			await db
				.insertInto('orders')
				.values(orderRow(`o-${id}`, 'paid', { user_id: id }))
				.execute();
			await db
				.insertInto('memberships')
				.values({
					id: `m-${id}`,
					user_id: id,
					order_id: `o-${id}`,
					product_id: 'membership-semester-student',
					starts_at: '2026-01-01T00:00:00.000Z',
					ends_at: '2027-06-30T00:00:00.000Z',
					created_at: T0.toISOString()
				})
				.execute();
		}
	}
}

/** The service; with `payments`, paid seats are paid (and refunded) through them. */
export function service(
	db: Db,
	options: {
		canTakePayments?: boolean;
		payments?: RegistrationDeps['payments'];
		ticketUrl?: RegistrationDeps['ticketUrl'];
	} = {}
) {
	const roles = rolesService({
		store: sqlIdentityStore(db),
		isMember: async () => false,
		adminEmails: [`${ADMIN}@example.org`]
	});
	return registrationService({
		db,
		roles,
		mail: mailer(db, null, { from: 'test <noreply@example.org>' }),
		canTakePayments: options.canTakePayments ?? options.payments !== undefined,
		payments: options.payments,
		ticketUrl: options.ticketUrl
	});
}

/** Open from T0 for a day, first come, without pools unless given. */
export const settings = (extra: Partial<SettingsInput> = {}): SettingsInput => ({
	enabled: true,
	opensAt: T0.toISOString(),
	closesAt: minutes(24 * 60).toISOString(),
	capacity: 10,
	...extra
});

export const everyone = (nameEn: string, seats: number) => ({
	nameNo: nameEn,
	nameEn,
	seats,
	eligibility: 'everyone' as const
});

/** A migrated database of `engine` with the event and its organiser, and the service over it. */
export async function registrationDb(
	engine: Engine,
	poolMax?: number
): Promise<{ test: TestDatabase; db: Db; registration: RegistrationService }> {
	const test = await testDatabase(engine, { poolMax });
	await eventRows(test.db);
	return { test, db: test.db, registration: service(test.db) };
}

/**
 * For each test of a suite: a fresh `registrationDb`, destroyed after the test. Read its parts
 * through the returned object (`on.db`, `on.registration`) inside the tests.
 */
export function eachRegistrationDb(engine: Engine, poolMax?: number) {
	const on = {} as { test: TestDatabase; db: Db; registration: RegistrationService };
	beforeEach(async () => Object.assign(on, await registrationDb(engine, poolMax)));
	afterEach(() => on.test.destroy());
	return on;
}

/** The organiser saves the event's settings an hour before it opens. */
export const saveSettings = (
	registration: RegistrationService,
	extra: Partial<SettingsInput> = {}
) => registration.saveSettings(as(ADMIN), EVENT, settings(extra), minutes(-60));
