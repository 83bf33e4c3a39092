// What the Playwright specs share: the database file of the server under test (the webServer in
// playwright.config.ts), accounts written straight into it, a signed-in browser, and axe.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { hash } from '@node-rs/argon2';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import Database from 'better-sqlite3';

export const E2E_DB = `test-results/e2e-${process.env.E2E_PORT ?? 4173}.db`;
export const E2E_PASSWORD = 'a long enough password';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * A page in a browser context of its own, in `theme` both as the system's setting and as the
 * site's own choice (its theme cookie).
 */
export async function themedPage(
	browser: Browser,
	baseURL: string,
	theme: 'light' | 'dark',
	options: BrowserContextOptions = {}
): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext({ ...options, colorScheme: theme });
	await context.addCookies([{ name: 'theme', value: theme, url: baseURL }]);
	return { context, page: await context.newPage() };
}

/** Runs `run` on a connection of its own to the server's database (it waits for the server's locks). */
export function e2eDb<T>(run: (d: Database.Database) => T): T {
	const d = new Database(E2E_DB);
	d.pragma('busy_timeout = 5000');
	try {
		return run(d);
	} finally {
		d.close();
	}
}

/** A verified account with the password E2E_PASSWORD, optionally in a role of the Oslo board. */
export async function e2eAccount(
	name: string,
	role?: 'leader' | 'finance'
): Promise<{ id: string; email: string }> {
	const id = randomUUID();
	const email = `${name.split(' ')[0]!.toLowerCase()}-${id.slice(0, 8)}@example.org`;
	const passwordHash = await hash(E2E_PASSWORD);
	const now = new Date().toISOString();
	e2eDb((d) => {
		d.prepare(
			'insert into users (id, email, name, password_hash, is_anonymous, created_at, email_verified_at) values (?, ?, ?, ?, 0, ?, ?)'
		).run(id, email, name, passwordHash, now, now);
		if (role) {
			d.prepare(
				'insert into team_members (unit_id, user_id, role, created_at) values (?, ?, ?, ?)'
			).run('board-oslo', id, role, now);
		}
	});
	return { id, email };
}

export const E2E_ADMIN_EMAIL = 'admin@e2e.example.org';

/** The site's admin (ADMIN_EMAILS in playwright.config.ts): one account, made by the first test that asks. */
export async function e2eAdmin(): Promise<{ id: string; email: string }> {
	const passwordHash = await hash(E2E_PASSWORD);
	const now = new Date().toISOString();
	const id = e2eDb((d) => {
		d.prepare(
			'insert into users (id, email, name, password_hash, is_anonymous, created_at, email_verified_at) values (?, ?, ?, ?, 0, ?, ?) on conflict (email) do nothing'
		).run(randomUUID(), E2E_ADMIN_EMAIL, 'Ada Admin', passwordHash, now, now);
		return (
			d.prepare('select id from users where email = ?').get(E2E_ADMIN_EMAIL) as { id: string }
		).id;
	});
	return { id, email: E2E_ADMIN_EMAIL };
}

/** Puts a fresh session of `userId` into the browser context, as signing in would. */
export async function e2eSession(
	context: BrowserContext,
	baseURL: string,
	userId: string
): Promise<void> {
	const secret = randomBytes(32).toString('base64url');
	const now = new Date();
	e2eDb((d) =>
		d
			.prepare(
				'insert into sessions (id, user_id, secret_hash, created_at, expires_at, revoked_at) values (?, ?, ?, ?, ?, null)'
			)
			.run(
				randomUUID(),
				userId,
				createHash('sha256').update(secret).digest('hex'),
				now.toISOString(),
				new Date(now.getTime() + 86_400_000).toISOString()
			)
	);
	await context.addCookies([{ name: 'session', value: secret, url: baseURL }]);
}

/** axe's findings on the page as it stands, one line per rule with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
	return results.violations.map(
		(v) =>
			`${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary}`).join('; ')}`
	);
}

/** The kinds of e-mail in the outbox to `email` whose text names `text` (a claim id, a link). */
export function mailKinds(email: string, text: string): string[] {
	return e2eDb((d) =>
		d
			.prepare(
				"select kind from mail_outbox where to_address = ? and text_body like '%' || ? || '%' order by rowid"
			)
			.all(email, text)
	).map((r) => (r as { kind: string }).kind);
}
