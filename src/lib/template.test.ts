import { describe, expect, it } from 'vitest';
import { fill } from './template';

describe('fill', () => {
	it('puts each value in its blank, as often as the blank appears', () => {
		expect(
			fill('{km} km × {rate} = {amount} ({km})', { km: '12,5', rate: '3,50 kr', amount: 44 })
		).toBe('12,5 km × 3,50 kr = 44 (12,5)');
	});

	it('leaves braces without a value, and braces inside a value, as they are', () => {
		expect(fill('Received: {name} {other}', { name: 'a{other}.pdf' })).toBe(
			'Received: a{other}.pdf {other}'
		);
	});
});
