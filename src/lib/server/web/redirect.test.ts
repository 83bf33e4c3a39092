import { describe, expect, it } from 'vitest';
import { safeRedirect, signInLanding } from './redirect';

const FALLBACK = '/no/profile';

describe('safeRedirect', () => {
	it.each([
		['/en/profile', '/en/profile'],
		['/no/fs/new?x=1#top', '/no/fs/new?x=1#top'],
		['/profile', '/profile'],
		['/en/auth/invite?token=abc', '/en/auth/invite?token=abc']
	])('keeps the same-site path %s', (given, expected) => {
		expect(safeRedirect(given, FALLBACK)).toBe(expected);
	});

	it.each([
		'https://evil.example/',
		'http://evil.example',
		'//evil.example/path',
		'/\\evil.example',
		'\\\\evil.example',
		'/\t/evil.example',
		'/\n/evil.example',
		'javascript:alert(1)',
		'evil.example',
		'',
		'/' + 'a'.repeat(2001)
	])('refuses %j and uses the fallback', (given) => {
		expect(safeRedirect(given, FALLBACK)).toBe(FALLBACK);
	});

	it('treats a missing value as the fallback', () => {
		expect(safeRedirect(null, FALLBACK)).toBe(FALLBACK);
		expect(safeRedirect(undefined, FALLBACK)).toBe(FALLBACK);
	});
});

describe('signInLanding', () => {
	it.each([
		['/no/fs/new?x=1#top', 'en', '/en/fs/new?x=1#top'],
		['/en', 'no', '/no'],
		['/en?tab=1', 'no', '/no?tab=1'],
		['/no/profile', 'no', '/no/profile'],
		['/english-page', 'no', '/english-page'],
		[null, 'en', '/en/profile'],
		['https://evil.example/en/profile', 'en', '/en/profile']
	] as const)('%j signed in on the %s site leads to %s', (given, locale, expected) => {
		expect(signInLanding(given, locale)).toBe(expected);
	});
});
