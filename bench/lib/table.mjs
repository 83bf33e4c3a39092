// Plain-text tables for the terminal: right-aligned numbers, left-aligned text.
export function printTable(headers, rows) {
	const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
	const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
	const line = (r) =>
		r
			.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
			.join('  ')
			.trimEnd();
	console.log(line(headers));
	console.log(widths.map((w) => '-'.repeat(w)).join('  '));
	for (const r of cells) console.log(line(r));
}

export const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : null);
export const fmtRatio = (r) => (r === null ? '' : `${r.toFixed(2)}×`);
export const fmtMs = (ms) => (ms === null || ms === undefined ? '' : String(ms));
