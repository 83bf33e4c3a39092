// Every page with form actions, found in the route tree rather than listed by hand, so that a page
// added later is covered too: a post naming an action no page may have (`?/default`, which
// SvelteKit reserves and fails on with an unhandled error) or none that exists answers 404, never
// a 500 with a stack in the log; and each such page is in the fuzzed list of form actions.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../helpers/fixtures';
import { FORM_ACTIONS } from '../helpers/fuzz-targets';
import { startServer, type TestServer } from '../helpers/server';

const ROUTES = 'src/routes';
const ADMIN = 'form-actions-admin@example.org';

/** The route folders (relative to src/routes) whose +page.server.ts has form actions. */
function routesWithActions(dir = ROUTES): string[] {
	const found: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) found.push(...routesWithActions(path));
		else if (
			entry.name === '+page.server.ts' &&
			/export const actions\b/.test(readFileSync(path, 'utf8'))
		) {
			found.push(relative(ROUTES, dir));
		}
	}
	return found.sort();
}

// Values that pass the routes' matchers; any other parameter takes any value, since SvelteKit
// picks the action before the page's load looks anything up.
const MATCHED: Record<string, string> = { lang: 'en', contentkind: 'events' };

/** A concrete address of a route folder. */
function addressOf(route: string): string {
	const path = route
		.split('/')
		.map((part) => {
			const param = /^\[{1,2}(?:\.\.\.)?(\w+)(?:=(\w+))?\]{1,2}$/.exec(part);
			if (!param) return part;
			return MATCHED[param[2] ?? ''] ?? 'x';
		})
		.join('/');
	return '/' + path;
}

/** A pattern that matches the route's addresses (for finding it among the fuzzed actions). */
function patternOf(route: string): RegExp {
	const source = route
		.split('/')
		.map((part) =>
			part.startsWith('[...') ? '.+' : part.startsWith('[') ? '[^/?]+' : part.replace('.', '\\.')
		)
		.join('/');
	return new RegExp(`^/${source}(\\?|$)`);
}

const routes = routesWithActions();
let server: TestServer;
let cookie: string;

beforeAll(async () => {
	server = await startServer({ ADMIN_EMAILS: ADMIN, SAFETY_EMAILS: ADMIN });
	cookie = createSession(server.dbFile, { email: ADMIN }).cookie;
});
afterAll(() => server?.stop());

function post(path: string, enhanced: boolean) {
	return fetch(server.url + path, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			cookie,
			origin: server.url,
			'content-type': 'application/x-www-form-urlencoded',
			accept: enhanced ? 'application/json' : 'text/html',
			...(enhanced ? { 'x-sveltekit-action': 'true' } : {})
		},
		body: 'title=x'
	});
}

describe('form posts to an action no page has', () => {
	it('the route tree has pages with actions (the walk found them)', () => {
		expect(routes.length).toBeGreaterThan(30);
		expect(routes).toContain('[[lang=lang]]/contact');
	});

	for (const route of routes) {
		const address = addressOf(route);
		it(`${address}?/default answers 404, as a plain and as an enhanced form`, async () => {
			const plain = await post(`${address}?/default`, false);
			expect(plain.status).toBe(404);
			const enhanced = await post(`${address}?/default`, true);
			expect(enhanced.status).toBe(404);
			expect(await enhanced.json()).toMatchObject({ type: 'error' });
			const unknown = await post(`${address}?/no-such-action`, false);
			expect(unknown.status).toBeLessThan(500);
		});
	}

	it('left no unhandled error or stack in the log', () => {
		const lines = server
			.output()
			.split('\n')
			.filter((line) => line.includes('"level":"error"') || line.includes('    at '));
		expect(lines).toEqual([]);
	});
});

describe('the fuzzed form actions', () => {
	it('include every page with actions', () => {
		const missing = routes.filter(
			(route) =>
				!FORM_ACTIONS.some((action) => patternOf(route).test(action.replace(/^\/(en|no)/, '/en')))
		);
		expect(missing).toEqual([]);
	});
});
