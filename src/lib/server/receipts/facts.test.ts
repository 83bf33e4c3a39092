import { describe, expect, it } from 'vitest';
import { looksLikeReceipt, parseAmount, receiptFacts } from './facts';

const REMA = `REMA 1000 MAJORSTUEN
Org.nr: 987 654 321 MVA
Bogstadveien 50, 0366 Oslo
Tlf 22 11 22 33
KVITTERING
TINE LETTMELK 1L          21,90
GRANDIOSA PIZZA           59,90
2 x BANANER                9,80
SUM                       91,60
Herav MVA 15%             11,95
BANKAXEPT                 91,60
Dato: 05.11.26  Kl 17:42`;

const PEPPES = `Peppes Pizza Karl Johan
Foretaksregisteret NO 912 345 678 MVA
12. mars 2026 19:03
Pizza Margherita stor    1 189,00
Cola 0,5 l                  45,00
Å BETALE             kr 1 234,00
Visa                     1 234,00`;

const BOOKSHOP = `CORNER BOOKSHOP LTD
12 High Street, London
Tel 020 7946 0000
March 14, 2026
Notebook A5             4.50
Pens (pack of 3)        2.95
Subtotal                7.45
VAT 20%                 1.24
TOTAL GBP               7.45
Card                    7.45`;

const KIOSK = `Narvesen
Oslo S
2026-01-30
Kaffe latte            kr 49,-
Skolebolle             kr 35,-
Totalt                 kr 84,-`;

const HOTEL = `Scandic Bergen City
Håkonsgaten 2, 5015 Bergen
Ankomst 01.02.2026 Avreise 03.02.2026
Overnatting 2 netter   1.234,50
Frokost                  250,00
Total NOK
1.484,50`;

describe('facts read from receipt text', () => {
	it('reads a Norwegian grocery receipt: merchant without org.nr, two-digit year, SUM over VAT', () => {
		expect(receiptFacts(REMA)).toEqual({
			merchant: 'Rema 1000 Majorstuen',
			date: '2026-11-05',
			totalOre: 9160,
			currency: 'NOK',
			items: [
				{ text: 'TINE LETTMELK 1L', amountOre: 2190 },
				{ text: 'GRANDIOSA PIZZA', amountOre: 5990 },
				{ text: 'BANANER', amountOre: 980 }
			]
		});
	});

	it('reads a Norwegian restaurant bill: a month by name and Å BETALE with thousands', () => {
		expect(receiptFacts(PEPPES)).toMatchObject({
			merchant: 'Peppes Pizza Karl Johan',
			date: '2026-03-12',
			totalOre: 123_400,
			items: [
				{ text: 'Pizza Margherita stor', amountOre: 118_900 },
				{ text: 'Cola 0,5 l', amountOre: 4500 }
			]
		});
	});

	it('reads an English receipt: US-style date, TOTAL after subtotal and VAT, pence', () => {
		expect(receiptFacts(BOOKSHOP)).toEqual({
			merchant: 'Corner Bookshop LTD',
			date: '2026-03-14',
			totalOre: 745,
			currency: 'GBP',
			items: [
				{ text: 'Notebook A5', amountOre: 450 },
				{ text: 'Pens (pack of 3)', amountOre: 295 }
			]
		});
	});

	it('reads whole kroner written "kr 49,-" and an ISO date', () => {
		expect(receiptFacts(KIOSK)).toMatchObject({
			merchant: 'Narvesen',
			date: '2026-01-30',
			totalOre: 8400,
			items: [
				{ text: 'Kaffe latte', amountOre: 4900 },
				{ text: 'Skolebolle', amountOre: 3500 }
			]
		});
	});

	it('takes a total on the line after its label, and dots as thousands separators', () => {
		expect(receiptFacts(HOTEL)).toMatchObject({
			merchant: 'Scandic Bergen City',
			date: '2026-02-01',
			totalOre: 148_450,
			items: [
				{ text: 'Overnatting 2 netter', amountOre: 123_450 },
				{ text: 'Frokost', amountOre: 25_000 }
			]
		});
	});

	it('finds nothing in text that is not a receipt, rather than guessing', () => {
		expect(receiptFacts('~~ ;; 1l |\n\n 0 ,, .')).toEqual({
			merchant: null,
			date: null,
			totalOre: null,
			currency: null,
			items: []
		});
		expect(receiptFacts('')).toMatchObject({ merchant: null, totalOre: null, items: [] });
		expect(receiptFacts('Dato 31.02.2026').date).toBeNull();
	});

	it('counts as a receipt only text with a date, a total or a priced line, not a name alone', () => {
		// What OCR made of a photo of random noise: a "merchant", and nothing a receipt says.
		const noise = receiptFacts('PAA ARNO\na .\n=.\n. oe a\nAER RRS ees');
		expect(noise.merchant).not.toBeNull();
		expect(looksLikeReceipt(noise)).toBe(false);
		expect(looksLikeReceipt(receiptFacts('Vedtekter for foreningen\nKapittel 1'))).toBe(false);
		expect(looksLikeReceipt(receiptFacts(''))).toBe(false);
		expect(looksLikeReceipt(receiptFacts(REMA))).toBe(true);
		expect(looksLikeReceipt(receiptFacts('Kiosken\n14.03.2026'))).toBe(true);
		expect(looksLikeReceipt(receiptFacts('Kiosken\nBolle  kr 25,-'))).toBe(true);
	});

	it('takes no merchant from a route line (a taxi or train trip) and finds the company below it', () => {
		for (const route of [
			'Oslo S → Gardermoen',
			'Oslo S -> Bergen',
			'Fra: Storgata 1 Til: Blindern'
		]) {
			const facts = receiptFacts(`${route}\nOSLO TAXI AS\n12.03.2026\nTotalt kr 389,00`);
			expect(facts.merchant, route).toBe('Oslo Taxi AS');
		}
	});

	it('reads items whose price OCR put on the next line', () => {
		const facts = receiptFacts(
			'PEPPES PIZZA\n12.03.2026\nPizza Margherita\n189,00\nCola 0,5 l\n45,00\nTOTALT\n234,00'
		);
		expect(facts.items).toEqual([
			{ text: 'Pizza Margherita', amountOre: 18_900 },
			{ text: 'Cola 0,5 l', amountOre: 4500 }
		]);
		expect(facts.totalOre).toBe(23_400);
	});

	it('parses amounts as Norwegian and English tills print them', () => {
		expect(parseAmount('1 234,50')).toBe(123_450);
		expect(parseAmount('1.234,50')).toBe(123_450);
		expect(parseAmount('1,234.50')).toBe(123_450);
		expect(parseAmount('1234.50')).toBe(123_450);
		expect(parseAmount('kr 99,-')).toBe(9900);
		expect(parseAmount('45,00 kr')).toBe(4500);
		expect(parseAmount('-20,00')).toBe(-2000);
		expect(parseAmount('12a')).toBeNull();
	});
});
