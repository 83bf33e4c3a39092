import { Migrator, sql, type Kysely, type Migration } from 'kysely';
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
			'021_categories_slugs',
			'023_privacy_by_query',
			'024_mail_sealed',
			'025_team_titles',
			'027_page_keywords',
			'028_event_registration',
			'030_registration_refund',
			'031_calendar_feeds',
			'032_notification_preferences',
			'033_check_ins',
			'034_attendance_marks',
			'035_notification_senders',
			'036_event_feedback'
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

	it('021 makes each category in use an entry (known codes with their names, free text like "Fest" a code the rows follow) and gives news English addresses', async () => {
		const { db } = test;
		const before = Object.fromEntries(
			MIGRATION_NAMES.filter((n) => n < '021').map((n) => [n, ALL[n]!])
		);
		await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
		await sql`insert into campuses (id, name, sort) values ('oslo', 'Oslo', 1)`.execute(db);
		for (const [id, category] of [
			['e1', 'social'],
			['e2', 'Fest'],
			['e3', 'fest'],
			['e4', 'Fest']
		]) {
			await sql`insert into events (id, campus_id, category, location, starts_at, ends_at, title_no, title_en)
				values (${id}, 'oslo', ${category}, 'Aula', '2026-12-01T18:00:00.000Z', '2026-12-01T20:00:00.000Z', 'T', 'T')`.execute(
				db
			);
		}
		for (const [id, category] of [
			['p1', 'merch'],
			['p2', 'membership'],
			['p3', 'Fest']
		]) {
			await sql`insert into products (id, slug, category, price_ore, name_no, name_en, description_no, description_en)
				values (${id}, ${id}, ${category}, 100, 'V', 'V', '', '')`.execute(db);
		}
		for (const [id, title] of [
			['nytt-styre', 'New board'],
			['new-board', 'New board'],
			['quiz', 'Quiz'],
			['tomt', '']
		]) {
			await sql`insert into news (id, published_at, title_no, title_en, summary_no, summary_en, body_no, body_en)
				values (${id}, '2026-11-01T10:00:00.000Z', 'T', ${title}, '', '', '', '')`.execute(db);
		}
		expect(await migrate(db)).toEqual(MIGRATION_NAMES.filter((n) => n >= '021'));
		expect(await db.selectFrom('events').select(['id', 'slug_en']).orderBy('id').execute()).toEqual(
			[
				{ id: 'e1', slug_en: 't' },
				{ id: 'e2', slug_en: 't-2' },
				{ id: 'e3', slug_en: 't-3' },
				{ id: 'e4', slug_en: 't-4' }
			]
		);
		// News: an English address from the English title, unless it is the id already, none without
		// one; never one that is another item's address.
		expect(await db.selectFrom('news').select(['id', 'slug_en']).orderBy('id').execute()).toEqual([
			{ id: 'new-board', slug_en: null },
			{ id: 'nytt-styre', slug_en: 'new-board-2' },
			{ id: 'quiz', slug_en: null },
			{ id: 'tomt', slug_en: null }
		]);
		const categories = await db
			.selectFrom('categories')
			.select(['id', 'kind', 'name_no', 'name_en'])
			.orderBy('kind')
			.orderBy('sort')
			.execute();
		expect(categories).toEqual([
			{ id: 'fest', kind: 'event', name_no: 'Fest', name_en: 'Fest' },
			{ id: 'social', kind: 'event', name_no: 'Sosialt', name_en: 'Social' },
			{ id: 'fest-2', kind: 'product', name_no: 'Fest', name_en: 'Fest' },
			{ id: 'merch', kind: 'product', name_no: 'Effekter', name_en: 'Merchandise' }
		]);
		// The membership plans migration 016 made are products too, left out of the list.
		const codes = async (table: 'events' | 'products', ids: string[]) =>
			(
				await db
					.selectFrom(table)
					.select(['id', 'category'])
					.where('id', 'in', ids)
					.orderBy('id')
					.execute()
			).map((r) => r.category);
		expect(await codes('events', ['e1', 'e2', 'e3', 'e4'])).toEqual([
			'social',
			'fest',
			'fest',
			'fest'
		]);
		expect(await codes('products', ['p1', 'p2', 'p3'])).toEqual(['merch', 'membership', 'fest-2']);
	});
});
