import { describe, expect, it } from 'vitest';
import { pickLocalized } from './localize';

describe('localized text', () => {
	it('returns the requested locale when it has text', () => {
		expect(pickLocalized({ title_no: 'Hei', title_en: 'Hi' }, 'title', 'en')).toEqual({
			text: 'Hi',
			locale: 'en',
			isFallback: false
		});
	});

	it('falls back to the other locale and says so when the text is blank', () => {
		expect(pickLocalized({ title_no: 'Hei', title_en: '  ' }, 'title', 'en')).toEqual({
			text: 'Hei',
			locale: 'no',
			isFallback: true
		});
	});
});
