import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, MIGRATION_NAMES, MIGRATIONS, pendingOnExisting } from './index';
import * as m001 from './migrations/001_initial';
import * as m003 from './migrations/003_content';
import { ENGINES, testDatabase, type TestDatabase } from './test-db';

const ALL: Readonly<Record<string, Migration>> = MIGRATIONS;

describe.each(ENGINES)('migrate on %s', (engine) => {
	let test: TestDatabase;
	beforeEach(async () => {
		test = await testDatabase(engine, { migrated: false });
	});
	afterEach(() => test.destroy());

	it('applies every migration to an empty database, once', async () => {
		const { db } = test;
		expect(await pendingOnExisting(db)).toEqual([]);
		expect(await migrate(db)).toEqual(MIGRATION_NAMES);
		expect(await migrate(db)).toEqual([]);
		expect(await pendingOnExisting(db)).toEqual([]);
	});

	it('applies 002_payments and later ones to a database that already has 001 and 003', async () => {
		const { db } = test;
		const older = { '001_initial': m001, '003_content': m003 };
		await new Migrator({ db, provider: { getMigrations: async () => older } }).migrateToLatest();
		const later = [
			'002_payments',
			'004_mail',
			'005_identity',
			'006_shop',
			'007_content_extras',
			'008_mail_reply_to',
			'009_indexes',
			'010_instances',
			'011_files',
			'012_expenses',
			'013_documents',
			'014_assistant_feedback',
			'015_admin',
			'016_shop_admin',
			'017_people',
			'018_applications',
			'019_safety_reports',
			'020_contact_inbox',
			'023_privacy_by_query',
			'024_mail_sealed',
			'025_team_titles',
			'027_page_keywords'
		];
		expect(await pendingOnExisting(db)).toEqual(later);
		expect(await migrate(db)).toEqual(later);
		expect(await migrate(db)).toEqual([]);
		await db.selectFrom('payment_sessions').selectAll().execute();
		await db.selectFrom('orders').select('cart_id').execute();
	});

	it('025 moves a campus leader’s title onto their team role in that unit, then drops the content table', async () => {
		const { db } = test;
		const before = Object.fromEntries(
			MIGRATION_NAMES.filter((n) => n < '025').map((n) => [n, ALL[n]!])
		);
		await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
		const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
		const at = '2026-11-27T10:00:00.000Z';
		await raw.insertInto('campuses').values({ id: 'c', name: 'Campus', sort: 1 }).execute();
		await raw
			.insertInto('units')
			.values({ id: 'u', campus_id: 'c', type: 'board', sort: 1 })
			.execute();
		await raw
			.insertInto('users')
			.values([
				{ id: 'ingrid', email: 'Ingrid@Example.org', name: 'Ingrid', created_at: at },
				{ id: 'jonas', email: 'jonas@example.org', name: 'Jonas', created_at: at }
			])
			.execute();
		await raw
			.insertInto('team_members')
			.values([
				{ unit_id: 'u', user_id: 'ingrid', role: 'leader', created_at: at },
				{ unit_id: 'u', user_id: 'jonas', role: 'member', created_at: at }
			])
			.execute();
		const leader = (id: string, email: string, no: string, en: string) => ({
			id,
			campus_id: 'c',
			unit_id: 'u',
			name: id,
			email,
			sort: 1,
			role_no: no,
			role_en: en
		});
		await raw
			.insertInto('leaders')
			.values([
				leader('l1', 'ingrid@example.org', 'Campusleder', 'Campus leader'),
				// Nobody of this address is on the team: it becomes nobody's title.
				leader('l2', 'nobody@example.org', 'Kasserer', 'Treasurer')
			])
			.execute();

		expect(await migrate(db)).toEqual(MIGRATION_NAMES.filter((n) => n >= '025'));
		const titles = await db
			.selectFrom('team_members')
			.select(['user_id', 'title_no', 'title_en'])
			.orderBy('user_id')
			.execute();
		expect(titles).toEqual([
			{ user_id: 'ingrid', title_no: 'Campusleder', title_en: 'Campus leader' },
			{ user_id: 'jonas', title_no: null, title_en: null }
		]);
		await expect(raw.selectFrom('leaders').selectAll().execute()).rejects.toThrow();
	});
});
