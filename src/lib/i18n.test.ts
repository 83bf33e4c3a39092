import { describe, expect, it } from 'vitest';
import {
	localeOfPath,
	localizePath,
	matchAcceptLanguage,
	negotiateLocale,
	stripLocale
} from './i18n';

describe('locale negotiation', () => {
	it('prefers the URL prefix over cookie and Accept-Language', () => {
		expect(negotiateLocale({ pathname: '/en/events', cookie: 'no', acceptLanguage: 'nb' })).toBe(
			'en'
		);
	});

	it('uses the cookie when the path has no prefix', () => {
		expect(negotiateLocale({ pathname: '/events', cookie: 'en', acceptLanguage: 'nb' })).toBe('en');
	});

	it('ignores a cookie naming an unknown locale and falls back to Accept-Language', () => {
		expect(negotiateLocale({ pathname: '/events', cookie: 'de', acceptLanguage: 'en-GB' })).toBe(
			'en'
		);
	});

	it('defaults to Norwegian when nothing matches', () => {
		expect(negotiateLocale({ pathname: '/', acceptLanguage: 'de, fr;q=0.8' })).toBe('no');
	});
});

describe('Accept-Language', () => {
	it('treats Bokmål and Nynorsk as Norwegian', () => {
		expect(matchAcceptLanguage('nb-NO')).toBe('no');
		expect(matchAcceptLanguage('nn')).toBe('no');
	});

	it('ranks by q-value, not by order', () => {
		expect(matchAcceptLanguage('nb;q=0.5, en;q=0.9')).toBe('en');
	});

	it('skips languages with q=0 and malformed parts', () => {
		expect(matchAcceptLanguage('en;q=0, ;;, nb;q=0.1')).toBe('no');
		expect(matchAcceptLanguage('')).toBeUndefined();
	});
});

describe('locale paths', () => {
	it('reads, strips and adds the prefix', () => {
		expect(localeOfPath('/en/shop/cart')).toBe('en');
		expect(localeOfPath('/english')).toBeUndefined();
		expect(stripLocale('/no')).toBe('/');
		expect(stripLocale('/no/events/3')).toBe('/events/3');
		expect(localizePath('/', 'en')).toBe('/en');
		expect(localizePath('/no/events', 'en')).toBe('/en/events');
	});
});
