import { describe, expect, it } from 'vitest';
import { projectStatusLabel, unitTypeLabel } from './labels';

describe('labels of stored codes', () => {
	it('names known codes from the messages', () => {
		expect(unitTypeLabel('board')).toBe('Styre');
		expect(projectStatusLabel('completed')).toBe('Avsluttet');
	});

	it('shows an unknown code as it is, also one that names an object property', () => {
		expect(unitTypeLabel('quiz')).toBe('quiz');
		expect(unitTypeLabel('constructor')).toBe('constructor');
	});
});
