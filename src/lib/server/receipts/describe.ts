// A short description of what one or more receipts were for, written here without a language
// model: what was bought (the first word of each item, drinks named as such, common goods in the
// text's language), from whom, and when for several receipts (one receipt's date goes in the
// line's date field, not the text), in the requested language (messages/{no,en}/receipts.json).
// Receipts with no facts at all give no description: an honest blank the user fills in is better
// than an invented one.
import { m } from '$lib/paraglide/messages';
import type { ReceiptFacts } from './facts';

export type Locale = 'no' | 'en';

export interface SuggestedLine {
	date?: string;
	/** The receipt's total in hundredths of `currency` (øre for NOK). */
	amountOre?: number;
	currency?: string;
	merchant?: string;
}

export interface ReceiptSuggestion {
	description: string | null;
	/** One per receipt that says anything, in the order given. */
	items: SuggestedLine[];
}

const DRINKS = new Set(
	'cola pepsi fanta sprite solo urge brus øl beer pils lager ale vin wine cider kaffe coffee te tea juice vann water farris imsdal mineralvann smoothie latte cappuccino espresso americano mocca kakao cocoa saft lemonade sjokolademelk melk milk'.split(
		' '
	)
);
/**
 * Common goods on Norwegian receipts and their English words, for English text: a Norwegian word
 * left in an English description reads as a mistake. Keys are lower case.
 */
const ENGLISH: Record<string, string> = {
	pizza: 'pizza',
	burger: 'burgers',
	kebab: 'kebab',
	sushi: 'sushi',
	taco: 'taco',
	snacks: 'snacks',
	chips: 'crisps',
	taxi: 'taxi',
	tape: 'tape',
	batterier: 'batteries',
	kanelbolle: 'cinnamon bun',
	kanelboller: 'cinnamon buns',
	vafler: 'waffles',
	baguetter: 'baguettes',
	baguette: 'baguette',
	påskeegg: 'Easter eggs',
	brød: 'bread',
	rundstykker: 'rolls',
	boller: 'buns',
	bolle: 'bun',
	skolebolle: 'custard bun',
	kake: 'cake',
	kaker: 'cakes',
	ost: 'cheese',
	smør: 'butter',
	rømme: 'sour cream',
	egg: 'eggs',
	frukt: 'fruit',
	bananer: 'bananas',
	epler: 'apples',
	grønnsaker: 'vegetables',
	salat: 'salad',
	kjøttdeig: 'minced meat',
	pølser: 'sausages',
	pølse: 'hot dog',
	kylling: 'chicken',
	fisk: 'fish',
	laks: 'salmon',
	pålegg: 'sandwich fillings',
	sjokolade: 'chocolate',
	godteri: 'sweets',
	snop: 'sweets',
	is: 'ice cream',
	potetgull: 'crisps',
	servietter: 'napkins',
	tallerkener: 'plates',
	kopper: 'cups',
	bestikk: 'cutlery',
	papir: 'paper',
	billett: 'ticket',
	billetter: 'tickets',
	parkering: 'parking',
	bensin: 'petrol',
	drivstoff: 'fuel',
	leie: 'rent',
	frakt: 'shipping',
	middag: 'dinner',
	lunsj: 'lunch',
	frokost: 'breakfast',
	overnatting: 'accommodation'
};
const MAX_WHAT = 3;
const MAX_DESCRIPTION = 200;

export function describeReceipts(receipts: ReceiptFacts[], locale: Locale): ReceiptSuggestion {
	const options = { locale };
	const items: SuggestedLine[] = [];
	for (const r of receipts) {
		const line: SuggestedLine = {};
		if (r.date) line.date = r.date;
		if (r.totalOre !== null) line.amountOre = r.totalOre;
		if (r.totalOre !== null && r.currency) line.currency = r.currency;
		if (r.merchant) line.merchant = r.merchant;
		if (Object.keys(line).length > 0) items.push(line);
	}
	const labels = unique(
		receipts.flatMap((r) =>
			r.items.flatMap((i) => {
				const word = label(i.text, locale, r.currency === 'NOK');
				return word === null ? [] : [word];
			})
		)
	);
	if (items.length === 0 && labels.length === 0) return { description: null, items: [] };

	const what = labels.length
		? list(
				labels.map((l, i) => (i === 0 ? capitalise(l) : lower(l))),
				locale
			)
		: m.receipts_description_purchase({}, options);
	const merchants = unique(items.flatMap((i) => (i.merchant ? [i.merchant] : [])));
	const dates = [...new Set(items.flatMap((i) => (i.date ? [i.date] : [])))].sort();
	const merchant = merchants.length ? list(merchants, locale) : null;
	// One receipt's date is the line's date, filled in beside the text; several give their range.
	const date =
		dates.length > 1 ? `${norwegianDate(dates[0]!)}–${norwegianDate(dates.at(-1)!)}` : null;
	let description: string;
	if (merchant && date) {
		description = m.receipts_description_what_where_when({ what, merchant, date }, options);
	} else if (merchant) {
		description = m.receipts_description_what_where({ what, merchant }, options);
	} else if (date) {
		description = m.receipts_description_what_when({ what, date }, options);
	} else description = what;
	return { description: description.slice(0, MAX_DESCRIPTION), items };
}

/**
 * What an item line is, in a word: "drinks" for a drink, else its first word ("Pizza Margherita" →
 * "Pizza"). English text about a Norwegian receipt takes only words it knows the English of
 * (null for the others: they are left out), and never a word with æ, ø or å.
 */
function label(text: string, locale: Locale, norwegian: boolean): string | null {
	const words = text.match(/\p{L}[\p{L}'-]*/gu) ?? [];
	if (words.some((w) => DRINKS.has(w.toLowerCase()))) return m.receipts_drinks({}, { locale });
	const word = words.find((w) => w.length >= 2) ?? text;
	if (locale !== 'en') return word;
	const english = ENGLISH[word.toLowerCase()];
	if (english) return english;
	return norwegian || /[æøå]/i.test(word) ? null : word;
}

function list(parts: string[], locale: Locale): string {
	if (parts.length === 1) return parts[0]!;
	if (parts.length > MAX_WHAT) {
		return m.receipts_list_more({ items: parts.slice(0, MAX_WHAT).join(', ') }, { locale });
	}
	return m.receipts_list_and(
		{ first: parts.slice(0, -1).join(', '), last: parts.at(-1)! },
		{ locale }
	);
}

function unique(values: string[]): string[] {
	const seen = new Set<string>();
	return values.filter((v) => {
		const key = v.toLowerCase();
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Lower case, except a word in capitals (an acronym, a brand: "USB", "IKEA"). */
const lower = (s: string) => (s.length > 1 && s === s.toUpperCase() ? s : s.toLowerCase());
const norwegianDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
