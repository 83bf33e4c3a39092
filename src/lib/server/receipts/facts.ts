// What a receipt says, read from its text (a PDF's text layer or OCR): the merchant, the date,
// the total and the lines of items. Receipts are Norwegian or English, printed by tills with
// their own habits, and OCR adds its own mistakes, so every rule is forgiving and every fact may
// be missing (null) rather than guessed.

export interface ReceiptItem {
	text: string;
	amountOre: number;
}

export interface ReceiptFacts {
	merchant: string | null;
	/** YYYY-MM-DD. */
	date: string | null;
	/** In hundredths of the receipt's currency (øre for NOK). */
	totalOre: number | null;
	/** ISO 4217 when the receipt names one (NOK for "kr"), else null. */
	currency: string | null;
	items: ReceiptItem[];
}

// An amount at the end of a line: 1 234,50 · 1.234,50 · 1234.50 · 1,234.50 · 99,- · kr 99 · 45,00 kr
const AMOUNT =
	/(?:^|\s)(?:kr\.?|nok|£|€|\$)?\s*(-?(?:\d{1,3}(?:[  .,]\d{3})+|\d+)(?:[.,]\d{2}|,-)?)\s*(?:kr\.?|nok|,-)?\s*$/i;
/** Any of `words` as a whole word (\b knows no letters beyond ASCII: "Å BETALE", "BELØP"). */
const anyWord = (words: string) =>
	new RegExp(`(?<![\\p{L}\\p{N}])(${words})(?![\\p{L}\\p{N}])`, 'iu');
const TOTAL = anyWord(
	'total[t]?|totalsum|sum|å\\s*betale|a\\s*betale|beløp|belop|amount\\s+due|to\\s+pay|balance\\s+due|grand\\s+total'
);
const NOT_TOTAL = anyWord('sub\\s*-?total|delsum|mva|moms|vat|tax|eks|excl|rabatt|discount|tips?');
const NOT_ITEM = anyWord(
	'total[t]?|subtotal|totalsum|sum|delsum|å\\s*betale|a\\s*betale|beløp|belop|mva|moms|vat|tax|betalt|paid|kontant|cash|kort|card|visa|mastercard|bankaxept|vipps|veksel|change|tilbake|rabatt|discount|org\\.?\\s*nr|tlf|tel|phone'
);
const SKIP_MERCHANT =
	/(org\.?\s*-?\s*nr|organisasjonsnummer|foretaksregisteret|\bmva\b|\bvat\b|kvittering|receipt|salgskvittering|tlf|tel\.?|phone|www\.|https?:|@|\bdato\b|\bdate\b|kasse|ordre|order|bong)/i;

/** A trip's route (a taxi's or a train ticket's first line): "Oslo S → Gardermoen", "Fra: … Til: …". */
const ROUTE = /→|->|\b(fra|from)\b.+\b(til|to)\b|^(strekning|rute|route|reise)\b/i;

const MONTHS: Record<string, number> = {
	jan: 1, januar: 1, january: 1,
	feb: 2, februar: 2, february: 2,
	mar: 3, mars: 3, march: 3,
	apr: 4, april: 4,
	mai: 5, may: 5,
	jun: 6, juni: 6, june: 6,
	jul: 7, juli: 7, july: 7,
	aug: 8, august: 8,
	sep: 9, sept: 9, september: 9,
	okt: 10, oct: 10, oktober: 10, october: 10,
	nov: 11, november: 11,
	des: 12, dec: 12, desember: 12, december: 12
}; // prettier-ignore

export function receiptFacts(text: string): ReceiptFacts {
	const lines = text
		.replace(/\r\n?/g, '\n')
		.split('\n')
		.map((l) => l.replace(/[\t  ]+/g, ' ').trim())
		.filter((l) => l !== '');
	return {
		merchant: merchantOf(lines),
		date: dateOf(lines),
		totalOre: totalOf(lines),
		currency: currencyOf(text),
		items: itemsOf(lines)
	};
}

/**
 * Whether what was read says what a receipt says: a date, a total or a priced line. A merchant
 * alone does not count, since any text has a first line of three letters (a poster's title, the
 * noise OCR reads in a photo of a landscape); nor does text with none of these facts.
 */
export function looksLikeReceipt(facts: ReceiptFacts): boolean {
	return facts.date !== null || facts.totalOre !== null || facts.items.length > 0;
}

/** Hundredths from an amount as receipts print it; null when it is not one. */
export function parseAmount(raw: string): number | null {
	let s = raw
		.trim()
		.replace(/^(kr\.?|nok|£|€|\$)\s*/i, '')
		.replace(/\s*(kr\.?|nok)$/i, '');
	const negative = s.startsWith('-');
	if (negative) s = s.slice(1);
	let hundredths = 0;
	if (s.endsWith(',-')) s = s.slice(0, -2);
	else {
		const decimals = /[.,](\d{2})$/.exec(s);
		if (decimals) {
			hundredths = Number(decimals[1]);
			s = s.slice(0, -3);
		}
	}
	// What is left is whole units, possibly grouped by thousands with space, dot or comma.
	if (!/^(\d{1,3}([  .,]\d{3})+|\d+)$/.test(s)) return null;
	const units = Number(s.replace(/[  .,]/g, ''));
	const value = units * 100 + hundredths;
	return Number.isSafeInteger(value) ? (negative ? -value : value) : null;
}

/**
 * The price a line ends with. Only a price as tills print one counts: with øre or pence (45,00),
 * whole kroner with ",-", or a currency beside it; a bare number is a street, a shop number or a
 * quantity ("REMA 1000", "Bogstadveien 50").
 */
function amountAtEnd(line: string): { amount: number; before: string } | null {
	const match = AMOUNT.exec(line);
	if (!match) return null;
	const priced = /[.,]\d{2}$|,-$/.test(match[1]!) || /kr|nok|£|€|\$|,-/i.test(match[0]);
	const amount = parseAmount(match[1]!);
	if (amount === null || !priced) return null;
	return { amount, before: line.slice(0, match.index).trim() };
}

function merchantOf(lines: string[]): string | null {
	for (const line of lines.slice(0, 8)) {
		if (SKIP_MERCHANT.test(line) || ROUTE.test(line) || dateIn(line)) continue;
		if (amountAtEnd(line)?.before === '') continue;
		if (/^\d{4}\s+\p{L}/u.test(line) || /^\p{L}[\p{L} .'-]*\s\d+[a-z]?,/iu.test(line)) continue; // an address
		const letters = line.match(/\p{L}/gu)?.length ?? 0;
		if (letters < 3) continue;
		return tidyName(line);
	}
	return null;
}

/** "PEPPES PIZZA AS" → "Peppes Pizza AS": a till's capitals read as shouting in a description. */
function tidyName(line: string): string {
	const name = line
		.replace(/[*#=_|]+/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	if (name !== name.toUpperCase() || !/\s/.test(name)) return name;
	return name
		.split(' ')
		.map((w) =>
			/^(AS|ASA|SA|BA|DA|ANS|LTD|PLC|INC|AB)$/.test(w) ? w : w[0] + w.slice(1).toLowerCase()
		)
		.join(' ');
}

function dateOf(lines: string[]): string | null {
	for (const line of lines) {
		const date = dateIn(line);
		if (date) return date;
	}
	return null;
}

function dateIn(line: string): string | null {
	let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(line);
	if (m) return calendar(+m[1]!, +m[2]!, +m[3]!);
	m = /\b(\d{1,2})[./](\d{1,2})[./](\d{4}|\d{2})\b/.exec(line);
	if (m) return calendar(year(m[3]!), +m[2]!, +m[1]!);
	m = /\b(\d{1,2})\.?\s+([a-zæøå]{3,9})\.?\s+(\d{4})\b/i.exec(line);
	if (m && MONTHS[m[2]!.toLowerCase()])
		return calendar(+m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!);
	m = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i.exec(line);
	if (m && MONTHS[m[1]!.toLowerCase()])
		return calendar(+m[3]!, MONTHS[m[1]!.toLowerCase()]!, +m[2]!);
	return null;
}

const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

function calendar(y: number, month: number, day: number): string | null {
	const d = new Date(Date.UTC(y, month - 1, day));
	if (y < 2000 || y > 2099 || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
	return d.toISOString().slice(0, 10);
}

function totalOf(lines: string[]): number | null {
	let total: number | null = null;
	lines.forEach((line, i) => {
		if (!TOTAL.test(line) || NOT_TOTAL.test(line)) return;
		const here = amountAtEnd(line);
		// OCR often puts the amount of a total on a line of its own.
		const next = lines[i + 1] ? amountAtEnd(lines[i + 1]!) : null;
		const amount =
			here && here.before !== '' ? here.amount : next?.before === '' ? next.amount : null;
		if (amount !== null && amount > 0) total = amount; // the last total wins: it comes after sub-sums
	});
	return total;
}

function itemsOf(lines: string[]): ReceiptItem[] {
	const items: ReceiptItem[] = [];
	for (const [i, line] of lines.entries()) {
		if (NOT_ITEM.test(line) || dateIn(line)) continue;
		let found = amountAtEnd(line);
		// OCR often reads an item's price as a line of its own, right under its name.
		if (!found && i > 0) {
			const next = lines[i + 1] ? amountAtEnd(lines[i + 1]!) : null;
			if (next?.before === '') found = { amount: next.amount, before: line };
		}
		if (!found || found.amount <= 0) continue;
		const text = found.before
			.replace(/^\d+\s*[x×*]\s*/i, '')
			.replace(/\s+\d+\s*[x×*]\s*\d+[.,]\d{2}$/i, '')
			.replace(/[.\s]+$/, '')
			.trim();
		if ((text.match(/\p{L}/gu)?.length ?? 0) < 2) continue;
		items.push({ text, amountOre: found.amount });
	}
	return items;
}

function currencyOf(text: string): string | null {
	// A Norwegian till names the currency rarely, but always the MVA and the org.nr.
	if (/\b(nok|kr|mva)\b|\d,-|org\.?\s*nr|foretaksregisteret/i.test(text)) return 'NOK';
	if (/\bgbp\b|£/i.test(text)) return 'GBP';
	if (/\beur\b|€/i.test(text)) return 'EUR';
	if (/\bsek\b/i.test(text)) return 'SEK';
	if (/\busd\b|\$/i.test(text)) return 'USD';
	return null;
}
