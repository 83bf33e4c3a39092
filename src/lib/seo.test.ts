import { describe, expect, it } from 'vitest';
import { jsonLdText } from './seo';
import { productLd } from './structured-data';

describe('JSON-LD text', () => {
	it('round-trips as JSON but never contains a closing script tag', () => {
		const value = { name: '</script><b>x</b>' };
		const text = jsonLdText(value);
		expect(text).not.toContain('<');
		expect(JSON.parse(text)).toEqual(value);
	});
});

describe('product JSON-LD', () => {
	it('says out of stock when nothing is left and prices in kroner', () => {
		const ld = productLd({
			url: 'https://o.example/no/shop/mug',
			origin: 'https://o.example',
			id: 'prod-mug',
			name: 'Kopp',
			description: '',
			image: null,
			priceOre: 14_950,
			isAvailable: false
		});
		expect(ld.offers).toMatchObject({
			price: '149.50',
			availability: 'https://schema.org/OutOfStock'
		});
		expect(ld.image).toEqual(['https://o.example/og-image.png']);
	});
});
