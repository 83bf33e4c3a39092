import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Identity beyond anonymous sessions: verified e-mails, single-use e-mail tokens, sign-in
// throttling, OpenID Connect links and flows, unit teams and their invitations. Portable DDL.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema.alterTable('users').addColumn('email_verified_at', ts).execute();
	await db.schema.alterTable('sessions').addColumn('last_seen_at', ts).execute();
	await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();

	// Verification and password-reset links; only the SHA-256 of the token is kept.
	await db.schema
		.createTable('auth_tokens')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('purpose', 'text', (c) => c.notNull())
		.addColumn('token_hash', 'text', (c) => c.notNull().unique())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('expires_at', ts, (c) => c.notNull())
		.addColumn('used_at', ts)
		.execute();
	await db.schema
		.createIndex('auth_tokens_user')
		.on('auth_tokens')
		.columns(['user_id', 'purpose'])
		.execute();

	// Failed sign-ins per key ("account:<email>" or "address:<ip>"), for the growing delay.
	await db.schema
		.createTable('login_failures')
		.addColumn('key', 'text', (c) => c.primaryKey())
		.addColumn('failures', 'integer', (c) => c.notNull())
		.addColumn('last_failure_at', ts, (c) => c.notNull())
		.execute();

	await db.schema
		.createTable('oauth_accounts')
		.addColumn('provider', 'text', (c) => c.notNull())
		.addColumn('subject', 'text', (c) => c.notNull())
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('created_at', ts, (c) => c.notNull())
		.addPrimaryKeyConstraint('oauth_accounts_pk', ['provider', 'subject'])
		.execute();

	// An authorization request in flight: found by the hash of its state, used once.
	await db.schema
		.createTable('oauth_flows')
		.addColumn('state_hash', 'text', (c) => c.primaryKey())
		.addColumn('provider', 'text', (c) => c.notNull())
		.addColumn('code_verifier', 'text', (c) => c.notNull())
		.addColumn('nonce', 'text', (c) => c.notNull())
		.addColumn('redirect_to', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('expires_at', ts, (c) => c.notNull())
		.execute();

	await db.schema
		.createTable('team_members')
		.addColumn('unit_id', 'text', (c) => c.notNull().references('units.id').onDelete('cascade'))
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('role', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addPrimaryKeyConstraint('team_members_pk', ['unit_id', 'user_id'])
		.execute();
	await db.schema.createIndex('team_members_user').on('team_members').column('user_id').execute();

	await db.schema
		.createTable('invitations')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('unit_id', 'text', (c) => c.notNull().references('units.id').onDelete('cascade'))
		.addColumn('role', 'text', (c) => c.notNull())
		.addColumn('email', 'text', (c) => c.notNull())
		.addColumn('token_hash', 'text', (c) => c.notNull().unique())
		.addColumn('invited_by', 'text', (c) => c.notNull().references('users.id'))
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('expires_at', ts, (c) => c.notNull())
		.addColumn('accepted_at', ts)
		.addColumn('accepted_by', 'text', (c) => c.references('users.id'))
		.addColumn('revoked_at', ts)
		.execute();
	await db.schema.createIndex('invitations_unit').on('invitations').column('unit_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const table of [
		'invitations',
		'team_members',
		'oauth_flows',
		'oauth_accounts',
		'login_failures',
		'auth_tokens'
	]) {
		await db.schema.dropTable(table).execute();
	}
	await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
	await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
	await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
