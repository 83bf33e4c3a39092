import { describe, expect, it } from 'vitest';
import {
	isPagePath,
	isProtectedPath,
	isSessionlessPath,
	localeRedirect,
	loginRedirect,
	safeReturnPath
} from './paths';

describe('page paths', () => {
	it('treats API routes, build assets, the simulator and root files as non-pages', () => {
		expect(isPagePath('/api/health')).toBe(false);
		expect(isPagePath('/api')).toBe(false);
		expect(isPagePath('/_app/immutable/x.js')).toBe(false);
		expect(isPagePath('/dev/pay/abc')).toBe(false);
		expect(isPagePath('/robots.txt')).toBe(false);
	});

	it('treats everything else as a page, prefixed or not', () => {
		expect(isPagePath('/')).toBe(true);
		expect(isPagePath('/events')).toBe(true);
		expect(isPagePath('/apinfo')).toBe(true);
		expect(isPagePath('/en/shop/cart')).toBe(true);
	});

	it("protects /profile, /fs, /admin, a unit's invitations and an event's feedback form in any locale, not look-alikes", () => {
		for (const p of [
			'/no/profile',
			'/en/profile/sessions',
			'/no/fs',
			'/en/fs/new',
			'/profile',
			'/en/units/board-oslo/invitations',
			'/no/admin',
			'/en/admin/assistant',
			'/en/events/evt-julebord/feedback'
		]) {
			expect(isProtectedPath(p), p).toBe(true);
		}
		for (const p of [
			'/no/profiles',
			'/en/fsx',
			'/no/shop',
			'/no',
			'/en/units/board-oslo',
			'/en/administration',
			'/en/events/evt-julebord',
			'/en/events/evt-julebord/feedbacks'
		]) {
			expect(isProtectedPath(p), p).toBe(false);
		}
	});
});

describe('redirects', () => {
	it('keeps the query string when adding the locale prefix', () => {
		const r = localeRedirect('/events', '?campus=oslo', 'en');
		expect(r.status).toBe(307);
		expect(r.headers.get('location')).toBe('/en/events?campus=oslo');
	});

	it('sends a protected page to the login page of its locale with the way back', () => {
		const r = loginRedirect('/en/fs/new', '?x=1', 'en');
		expect(r.headers.get('location')).toBe('/en/auth/login?redirectTo=%2Fen%2Ffs%2Fnew%3Fx%3D1');
	});
});

describe('return path after a form post', () => {
	const base = new URL('http://localhost:3000/en/choose-campus');
	it('keeps a path on this site with its query', () => {
		expect(safeReturnPath('/en/events?category=sport', base, '/en')).toBe(
			'/en/events?category=sport'
		);
	});
	it('refuses other origins and anything that is not a path', () => {
		for (const bad of [
			'//evil.example/x',
			'/\\evil.example',
			'https://evil.example/',
			'events',
			null
		]) {
			expect(safeReturnPath(bad, base, '/en')).toBe('/en');
		}
	});
});

describe('pages that do not know who asks', () => {
	it("are the reporter's safety pages, with their data and action requests", () => {
		for (const p of [
			'/no/safety/report',
			'/en/safety/follow-up',
			'/en/safety/report/__data.json',
			'/safety/report'
		]) {
			expect(isSessionlessPath(p), p).toBe(true);
		}
		for (const p of ['/no/safety', '/en/safety/reports', '/en/admin/inbox/safety', '/no/profile']) {
			expect(isSessionlessPath(p), p).toBe(false);
		}
	});
});
