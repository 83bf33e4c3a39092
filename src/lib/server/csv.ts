// CSV downloads for spreadsheets (the admin's order and membership lists). RFC 4180 quoting, CRLF
// line ends, UTF-8 with a byte-order mark (without it Excel reads æ, ø, å as two characters each).
// The separator follows the reader's locale: a semicolon for Norwegian, whose Excel takes the comma
// as its decimal mark and opens a comma-separated file as one column; a comma for English.
// A cell that a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before
// one) is written with a leading apostrophe, so a buyer's name cannot become a formula on the
// treasurer's machine.
import type { Locale } from '$lib/i18n';
import { osloWallTime } from '$lib/oslo-time';

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvSeparator(locale: Locale): ';' | ',' {
	return locale === 'no' ? ';' : ',';
}

/** One cell as written: guarded against formulas, quoted when it holds a quote, separator or line end. */
export function csvCell(value: CsvCell, separator: string): string {
	if (value === null) return '';
	// Numbers are ours (amounts, counts), never typed by a user: a negative one stays a number.
	let text = typeof value === 'number' ? String(value) : value;
	if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
	const needsQuotes =
		text.includes('"') ||
		text.includes(separator) ||
		text.includes('\n') ||
		text.includes('\r') ||
		text !== text.trim();
	return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: byte-order mark, header row, rows; every line ends in CRLF. */
export function toCsv(header: string[], rows: CsvCell[][], locale: Locale): string {
	const separator = csvSeparator(locale);
	const line = (cells: CsvCell[]) => cells.map((c) => csvCell(c, separator)).join(separator);
	return '\uFEFF' + [header, ...rows].map((r) => line(r) + '\r\n').join('');
}

/** A download of `csv` named `filename` (ASCII), never cached. */
export function csvResponse(csv: string, filename: string): Response {
	return new Response(csv, {
		headers: {
			'content-type': 'text/csv; charset=utf-8',
			'content-disposition': `attachment; filename="${filename}"`,
			'cache-control': 'no-store'
		}
	});
}

/** An amount of øre as the locale writes kroner in a spreadsheet: `149,50` or `149.50`, no grouping. */
export function csvKroner(ore: number, locale: Locale): string {
	const kroner = (ore / 100).toFixed(2);
	return locale === 'no' ? kroner.replace('.', ',') : kroner;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The Oslo day of an instant as a spreadsheet reads a date: `2026-11-24`. */
export function csvDate(iso: string): string {
	const w = osloWallTime(new Date(iso));
	return `${w.year}-${two(w.month)}-${two(w.day)}`;
}

/** The Oslo day and time of an instant: `2026-11-24 13:05`. */
export function csvDateTime(iso: string): string {
	const w = osloWallTime(new Date(iso));
	return `${csvDate(iso)} ${two(w.hour)}:${two(w.minute)}`;
}
