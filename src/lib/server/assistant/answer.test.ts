import { describe, expect, it } from 'vitest';
import { quote } from './answer';
import { terms } from './text';

describe('assistant quotes', () => {
	const text =
		'Organisasjonen ble stiftet i 1990. Den har fire campuser. Kontingenten er 200 kroner per semester. ' +
		'Den betales i nettbutikken. Styret kan gi fritak. Årsmøtet er i mars. Valgkomiteen foreslår kandidater.';

	it('quotes whole sentences around the one that answers, marking what was left out', () => {
		const q = quote(text, terms('kontingent', 'no'), 'no', 90);
		expect(q).toContain('Kontingenten er 200 kroner per semester.');
		expect(q.startsWith('… ')).toBe(true);
		expect(q.endsWith(' …')).toBe(true);
		expect(q.length).toBeLessThanOrEqual(90 + 4);
		expect(q).not.toContain('1990');
	});

	it('quotes a short passage whole', () => {
		expect(quote('Kort tekst om kontingent.', terms('kontingent', 'no'), 'no')).toBe(
			'Kort tekst om kontingent.'
		);
	});
});
