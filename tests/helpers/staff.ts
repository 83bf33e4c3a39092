// Signed-in browsers for tests of the admin area: `as(email, team?)` makes the account on first
// use (with its team role, when given) and keeps its browser, so a test file signs each person in
// once.
import { createSession, withDb } from './fixtures';
import { Browser } from './identity';
import type { TestServer } from './server';

export interface StaffBrowser {
	browser: Browser;
	userId: string;
}

export function staffBrowsers(server: () => TestServer) {
	const known = new Map<string, StaffBrowser>();
	return function as(email: string, team?: { unit: string; role: string }): StaffBrowser {
		const found = known.get(email);
		if (found) return found;
		const { dbFile, url } = server();
		const session = createSession(dbFile, { email, name: email.split('@')[0] });
		if (team) {
			withDb(dbFile, (db) =>
				db
					.prepare(
						'insert into team_members (unit_id, user_id, role, created_at) values (?, ?, ?, ?)'
					)
					.run(team.unit, session.userId, team.role, new Date().toISOString())
			);
		}
		const browser = new Browser(url);
		browser.setCookie('session', session.cookie.slice('session='.length));
		const made = { browser, userId: session.userId };
		known.set(email, made);
		return made;
	};
}
