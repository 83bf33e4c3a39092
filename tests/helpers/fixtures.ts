// Rows written straight into a test server's SQLite file, for states the API cannot create yet
// (signed-in users) or that tests must arrange exactly (expired sessions, reservations).
import { randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { hashSecret } from '../../src/lib/server/identity';

export function withDb<T>(file: string, run: (db: Database.Database) => T): T {
	const db = new Database(file);
	db.pragma('busy_timeout = 5000');
	try {
		return run(db);
	} finally {
		db.close();
	}
}

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

export interface SessionFixture {
	userId: string;
	secret: string;
	cookie: string;
}

/** A user with a session; by default signed in (not anonymous), verified and valid for 30 days. */
export function createSession(
	file: string,
	options: {
		anonymous?: boolean;
		email?: string;
		name?: string;
		expiresInMs?: number;
		revoked?: boolean;
	} = {}
): SessionFixture {
	const userId = randomUUID();
	const secret = randomBytes(32).toString('base64url');
	withDb(file, (db) => {
		db.prepare(
			'insert into users (id, email, name, is_anonymous, created_at, email_verified_at) values (?, ?, ?, ?, ?, ?)'
		).run(
			userId,
			options.anonymous ? null : (options.email ?? `${userId}@example.org`),
			options.name ?? (options.anonymous ? '' : 'Test User'),
			options.anonymous ? 1 : 0,
			iso(0),
			options.anonymous ? null : iso(0)
		);
		db.prepare(
			'insert into sessions (id, user_id, secret_hash, created_at, expires_at, revoked_at) values (?, ?, ?, ?, ?, ?)'
		).run(
			randomUUID(),
			userId,
			hashSecret(secret),
			iso(0),
			iso(options.expiresInMs ?? 30 * 86_400_000),
			options.revoked ? iso(0) : null
		);
	});
	return { userId, secret, cookie: `session=${secret}` };
}

/** A cart reservation of a seeded product that expires `expiresInMs` from now (negative: expired). */
export function reserve(file: string, expiresInMs: number, productId = 'prod-mug'): string {
	const id = randomUUID();
	withDb(file, (db) =>
		db
			.prepare(
				'insert into cart_reservations (id, cart_id, product_id, quantity, created_at, expires_at) values (?, ?, ?, 1, ?, ?)'
			)
			.run(id, 'cart-test', productId, iso(0), iso(expiresInMs))
	);
	return id;
}

/** Renames a table away for the duration of `run`, so the server's next use of it fails. */
export async function withTableGone<T>(
	file: string,
	table: string,
	run: () => Promise<T>
): Promise<T> {
	withDb(file, (db) => db.exec(`alter table ${table} rename to ${table}_gone`));
	try {
		return await run();
	} finally {
		withDb(file, (db) => db.exec(`alter table ${table}_gone rename to ${table}`));
	}
}

/** Parses one Set-Cookie header into its name, value and attributes (lower-cased keys). */
export function parseSetCookie(header: string): {
	name: string;
	value: string;
	attrs: Record<string, string | true>;
} {
	const [pair = '', ...rest] = header.split(';').map((p) => p.trim());
	const eq = pair.indexOf('=');
	const attrs: Record<string, string | true> = {};
	for (const part of rest) {
		const i = part.indexOf('=');
		if (i === -1) attrs[part.toLowerCase()] = true;
		else attrs[part.slice(0, i).toLowerCase()] = part.slice(i + 1);
	}
	return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs };
}
