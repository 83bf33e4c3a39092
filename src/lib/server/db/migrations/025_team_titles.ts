import { sql, type Kysely } from 'kysely';

// One record of who is on a unit's team: the team roles (team_members), which invitations, the
// roles module and every notice to a unit's leaders already read. The content table `leaders` said
// it a second time, by hand, and fell behind (a new leader was told the unit had none). What it held
// that the roles lack — a public title shown with a name ("Campusleder") — moves onto the team role
// of the same person (their account's address) in the same unit; then the table goes. A row that
// names nobody on that unit's team had no account behind it: nobody can be a leader without one.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('team_members').addColumn('title_no', 'text').execute();
	await db.schema.alterTable('team_members').addColumn('title_en', 'text').execute();
	const matching = (column: 'role_no' | 'role_en') => sql`(
		select l.${sql.ref(column)} from leaders l
		join users u on lower(u.email) = lower(l.email) and u.deleted_at is null
		where l.unit_id = team_members.unit_id and u.id = team_members.user_id
		order by l.sort limit 1
	)`;
	await sql`update team_members set title_no = ${matching('role_no')}, title_en = ${matching('role_en')}`.execute(
		db
	);
	await db.schema.dropTable('leaders').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	// The table as migrations 001 and 015 left it, empty: its rows live on as titles only.
	await db.schema
		.createTable('leaders')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('campus_id', 'text', (c) => c.notNull().references('campuses.id'))
		.addColumn('unit_id', 'text', (c) => c.references('units.id'))
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('email', 'text')
		.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
		.addColumn('role_no', 'text', (c) => c.notNull().defaultTo(''))
		.addColumn('role_en', 'text', (c) => c.notNull().defaultTo(''))
		.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
		.execute();
	await db.schema.alterTable('team_members').dropColumn('title_en').execute();
	await db.schema.alterTable('team_members').dropColumn('title_no').execute();
}
