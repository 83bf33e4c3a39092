import { describe, expect, it } from 'vitest';
import { paragraphs } from './text';

describe('paragraphs of a plain-text body', () => {
	it('splits at blank lines and keeps single line breaks inside a paragraph', () => {
		expect(paragraphs('One\nstill one\n\nTwo\n \nThree')).toEqual([
			'One\nstill one',
			'Two',
			'Three'
		]);
	});

	it('handles Windows line endings, extra blank lines and surrounding space', () => {
		expect(paragraphs('\r\n  First\r\n\r\n\r\n\r\nSecond  \r\n')).toEqual(['First', 'Second']);
	});

	it('gives no paragraphs for empty text', () => {
		expect(paragraphs('')).toEqual([]);
		expect(paragraphs(' \n\n ')).toEqual([]);
	});

	it('leaves markup as text', () => {
		expect(paragraphs('<script>x</script>')).toEqual(['<script>x</script>']);
	});
});
