// Amounts as typed, read for the running total the claim form shows while one types (display
// only: the server computes what is claimed). The error texts come from the server
// (server/expenses/form/words.ts).

/** Øre of an amount as typed ("1 234,50", "12.5"), or null when it does not read as one. */
export function typedOre(text: string): number | null {
	let t = text.replace(/[\s\u00a0\u202f]/g, '');
	const comma = t.lastIndexOf(',');
	const dot = t.lastIndexOf('.');
	if (comma >= 0 && dot >= 0) {
		const mark = comma > dot ? ',' : '.';
		t = t.replaceAll(mark === ',' ? '.' : ',', '').replace(mark, '.');
	} else t = t.replace(',', '.');
	const match = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(t);
	if (!match) return null;
	return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Metres of a distance as typed ("12,5"), or null. */
export function typedMetres(text: string): number | null {
	const match = /^(\d{1,6})(?:[.,](\d))?$/.exec(text.replace(/[\s\u00a0\u202f]/g, ''));
	return match ? Number(match[1]) * 1000 + Number(match[2] ?? 0) * 100 : null;
}
