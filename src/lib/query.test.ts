import { describe, expect, it } from 'vitest';
import { withQuery } from './query';

describe('links with a query string', () => {
	it('keeps set parameters in order and encodes them', () => {
		expect(withQuery('/en/events', { campus: 'bergen', category: 'a&b', past: '1' })).toBe(
			'/en/events?campus=bergen&category=a%26b&past=1'
		);
	});

	it('leaves out empty values, and the question mark when nothing is left', () => {
		expect(withQuery('/no/units/x', { tab: undefined, q: '' })).toBe('/no/units/x');
	});
});
