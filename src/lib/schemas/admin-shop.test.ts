import { describe, expect, it } from 'vitest';
import { kronerText, parsedForm, parseKroner, PlanInput, ProductInput } from './admin-shop';
import { productForm } from './admin-shop-fixtures';

describe('kroner as typed', () => {
	it('reads whole kroner and kroner with øre in either decimal mark, with spaces between thousands', () => {
		expect(parseKroner('149')).toBe(14_900);
		expect(parseKroner('149,5')).toBe(14_950);
		expect(parseKroner('149.50')).toBe(14_950);
		expect(parseKroner('1 234,05')).toBe(123_405);
		expect(parseKroner('1\u00a0234')).toBe(123_400);
		expect(parseKroner('0')).toBe(0);
	});

	it('refuses what is not an amount in kroner', () => {
		for (const text of ['', '-5', '1,234.50', '12,345', '1e3', 'kr 100', '12.', ',5', 'NaN']) {
			expect(parseKroner(text), text).toBeNull();
		}
	});

	it('writes øre back as the form shows them, in the locale’s decimal mark', () => {
		expect(kronerText(14_900, 'no')).toBe('149');
		expect(kronerText(14_950, 'no')).toBe('149,50');
		expect(kronerText(14_905, 'en')).toBe('149.05');
		expect(kronerText(null, 'en')).toBe('');
	});
});

describe('a product or plan form parsed at the web edge', () => {
	it('types a product: kroner as øre, blank stock and slug as none', () => {
		expect(
			parsedForm(
				ProductInput,
				productForm({ price: '1 234,50', memberPrice: '99.9', maxPerOrder: '3' })
			)
		).toEqual({
			ok: true,
			input: expect.objectContaining({
				price: 123_450,
				memberPrice: 9_990,
				stock: null,
				maxPerOrder: 3,
				slug: null,
				unitId: null
			})
		});
	});

	it('refuses a product’s bad input field by field', () => {
		expect(
			parsedForm(
				ProductInput,
				productForm({
					nameNo: ' ',
					price: '12,345',
					memberPrice: '500',
					stock: '-1',
					maxPerOrder: '100',
					category: 'Merch!',
					slug: 'Not a slug'
				})
			)
		).toEqual({
			ok: false,
			errors: {
				nameNo: 'required',
				price: 'price_format',
				stock: 'stock_format',
				maxPerOrder: 'max_format',
				category: 'category_format',
				slug: 'slug_format'
			}
		});
		expect(parsedForm(ProductInput, productForm({ price: '100', memberPrice: '150' }))).toEqual({
			ok: false,
			errors: { memberPrice: 'member_price_above' }
		});
		expect(parsedForm(ProductInput, productForm({ category: 'membership' }))).toEqual({
			ok: false,
			errors: { category: 'category_membership' }
		});
	});

	it('refuses a plan’s unknown period and months out of range', () => {
		expect(
			parsedForm(PlanInput, {
				...productForm({ price: '120' }),
				period: 'decade',
				audience: 'regular',
				months: '0'
			})
		).toMatchObject({ ok: false, errors: { period: 'required', months: 'months_format' } });
	});
});
