import { describe, expect, it } from 'vitest';
import { csvCell, csvDateTime, csvKroner, toCsv } from './csv';

describe('CSV for spreadsheets', () => {
	it('quotes cells holding the separator, quotes, line ends or edge spaces, and doubles quotes', () => {
		expect(csvCell('plain', ';')).toBe('plain');
		expect(csvCell('a;b', ';')).toBe('"a;b"');
		expect(csvCell('a,b', ';')).toBe('a,b');
		expect(csvCell('a,b', ',')).toBe('"a,b"');
		expect(csvCell('say "hi"', ',')).toBe('"say ""hi"""');
		expect(csvCell('two\nlines', ',')).toBe('"two\nlines"');
		expect(csvCell(' padded', ',')).toBe('" padded"');
		expect(csvCell(null, ',')).toBe('');
	});

	it('writes text a spreadsheet would run as a formula as text, and leaves our numbers alone', () => {
		for (const formula of ['=1+1', '+47 912', '-2', '@SUM(A1)', '\t=1', '\r=1']) {
			expect(csvCell(formula, ';').replace(/^"/, '').startsWith("'")).toBe(true);
		}
		expect(csvCell('=cmd|"/c calc"!A1', ',')).toBe('"\'=cmd|""/c calc""!A1"');
		expect(csvCell(-5, ',')).toBe('-5');
	});

	it('starts with a byte-order mark and ends every line with CRLF, separated by locale', () => {
		expect(toCsv(['Navn', 'Beløp'], [['Ærlig Øyvind', '12,50']], 'no')).toBe(
			'\uFEFFNavn;Beløp\r\nÆrlig Øyvind;12,50\r\n'
		);
		expect(toCsv(['Name'], [['Smith, Jo']], 'en')).toBe('\uFEFFName\r\n"Smith, Jo"\r\n');
	});

	it('writes kroner with the locale’s decimal mark and times in Oslo', () => {
		expect(csvKroner(14_950, 'no')).toBe('149,50');
		expect(csvKroner(100_000, 'en')).toBe('1000.00');
		expect(csvDateTime('2026-07-01T22:30:00.000Z')).toBe('2026-07-02 00:30');
		expect(csvDateTime('2026-12-31T23:05:00.000Z')).toBe('2027-01-01 00:05');
	});
});
