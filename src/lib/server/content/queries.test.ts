import { describe, expect, it } from 'vitest';
import { groupByCampus, isSafeLink, parseEventFilter, parseUnitTab, stockState } from './queries';

describe('event filter from the query string', () => {
	it('reads campus, category and the past archive', () => {
		expect(parseEventFilter(new URLSearchParams('campus=bergen&category=sport&past=1'))).toEqual({
			campus: 'bergen',
			category: 'sport',
			from: undefined,
			to: undefined,
			past: true,
			page: 1
		});
	});

	it('treats blank values as "all" and no past flag as upcoming', () => {
		expect(parseEventFilter(new URLSearchParams('campus=&category=%20'))).toEqual({
			campus: undefined,
			category: undefined,
			from: undefined,
			to: undefined,
			past: false,
			page: 1
		});
	});

	it('uses the chosen campus unless the query names one, blank meaning all', () => {
		expect(parseEventFilter(new URLSearchParams(''), 'oslo').campus).toBe('oslo');
		expect(parseEventFilter(new URLSearchParams('campus=bergen'), 'oslo').campus).toBe('bergen');
		expect(parseEventFilter(new URLSearchParams('campus='), 'oslo').campus).toBeUndefined();
	});

	it('reads real dates and a page number, and drops what is not', () => {
		const ok = parseEventFilter(new URLSearchParams('from=2026-12-01&to=2026-12-31&page=3'));
		expect(ok).toMatchObject({ from: '2026-12-01', to: '2026-12-31', page: 3 });
		const bad = parseEventFilter(new URLSearchParams('from=2026-02-30&to=tomorrow&page=-2'));
		expect(bad).toMatchObject({ from: undefined, to: undefined, page: 1 });
		expect(parseEventFilter(new URLSearchParams('page=1.5')).page).toBe(1);
	});

	it('only 1 or true turns the archive on', () => {
		expect(parseEventFilter(new URLSearchParams('past=0')).past).toBe(false);
		expect(parseEventFilter(new URLSearchParams('past=true')).past).toBe(true);
	});
});

describe('unit tab from the query string', () => {
	it('defaults to the overview', () => {
		expect(parseUnitTab(null)).toBe('overview');
		expect(parseUnitTab('')).toBe('overview');
	});

	it('accepts the four tabs and rejects anything else', () => {
		expect(parseUnitTab('team')).toBe('team');
		expect(parseUnitTab('products')).toBe('products');
		expect(parseUnitTab('news')).toBe('news');
		expect(parseUnitTab('secret')).toBeUndefined();
	});
});

describe('units grouped by campus', () => {
	it('keeps campus order and leaves out empty campuses', () => {
		const campuses = [
			{ id: 'oslo', name: 'Oslo' },
			{ id: 'bergen', name: 'Bergen' },
			{ id: 'tromso', name: 'Tromsø' }
		];
		const units = [
			{ id: 'b', campusId: 'bergen' },
			{ id: 'o1', campusId: 'oslo' },
			{ id: 'o2', campusId: 'oslo' }
		];
		expect(groupByCampus(campuses, units)).toEqual([
			{ campus: campuses[0], units: [units[1], units[2]] },
			{ campus: campuses[1], units: [units[0]] }
		]);
	});
});

describe('links from content', () => {
	it('allows web and mail links only', () => {
		expect(isSafeLink('https://example.org/apply')).toBe(true);
		expect(isSafeLink('mailto:styret@example.org')).toBe(true);
		expect(isSafeLink('javascript:alert(1)')).toBe(false);
		expect(isSafeLink(' JavaScript:alert(1)')).toBe(false);
		expect(isSafeLink('data:text/html,x')).toBe(false);
	});
});

describe('stock state shown in the shop', () => {
	it('unlimited stock is always in stock', () => {
		expect(stockState(null)).toBe('in_stock');
	});

	it('says low at five or fewer and sold out at none', () => {
		expect(stockState(6)).toBe('in_stock');
		expect(stockState(5)).toBe('low');
		expect(stockState(1)).toBe('low');
		expect(stockState(0)).toBe('sold_out');
		expect(stockState(-2)).toBe('sold_out');
	});
});
