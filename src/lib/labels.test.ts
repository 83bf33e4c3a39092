import { describe, expect, it } from 'vitest';
import {
	eventCategoryLabel,
	productCategoryLabel,
	projectStatusLabel,
	unitTypeLabel
} from './labels';

describe('labels of stored codes', () => {
	it('names known codes from the messages', () => {
		expect(eventCategoryLabel('sport')).toBe('Idrett');
		expect(unitTypeLabel('board')).toBe('Styre');
		expect(projectStatusLabel('completed')).toBe('Avsluttet');
		expect(productCategoryLabel('clothing')).toBe('Klær');
	});

	it('shows an unknown code as it is, also one that names an object property', () => {
		expect(eventCategoryLabel('quiz')).toBe('quiz');
		expect(unitTypeLabel('constructor')).toBe('constructor');
	});
});
