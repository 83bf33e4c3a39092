import { describe, expect, it } from 'vitest';
import {
	buildIndex,
	goodEnough,
	PASSAGE_MAX_CHARS,
	recency,
	splitPassages,
	type IndexDoc
} from './search-index';
import { terms } from './text';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

let n = 0;
function doc(fields: Partial<IndexDoc> & { title: string; text: string }): IndexDoc {
	n += 1;
	return { id: `d${n}`, kind: 'page', locale: 'no', url: `/no/p${n}`, ...fields };
}

const urls = (index: ReturnType<typeof buildIndex>, q: string) =>
	index.search(q, 10, NOW).hits.map((h) => h.passage.url);

describe('assistant search index', () => {
	it('finds "påmeldingen" when asked about "påmelding" and "events" when asked about an event', () => {
		const no = buildIndex(
			[
				doc({ title: 'Julebord', text: 'Påmeldingen åpner mandag.', url: '/no/julebord' }),
				doc({ title: 'Styret', text: 'Styret møtes hver uke.' })
			],
			'no'
		);
		expect(urls(no, 'Når åpner påmelding?')).toEqual(['/no/julebord']);
		const en = buildIndex(
			[
				doc({
					locale: 'en',
					title: 'Calendar',
					text: 'All our events are listed here.',
					url: '/en/cal'
				}),
				doc({ locale: 'en', title: 'Board', text: 'The board meets weekly.' })
			],
			'en'
		);
		expect(urls(en, 'Which event is next?')).toEqual(['/en/cal']);
	});

	it('finds "påmelding" for "pamelding" typed without å, below a passage that has the exact word', () => {
		// Same shape of text, and addresses that sort the wrong way: only the match kind decides.
		const index = buildIndex(
			[
				doc({ title: 'Julebord', text: 'Påmelding skjer på nett.', url: '/no/a-med-å' }),
				doc({ title: 'Julebord', text: 'Pamelding skjer på nett.', url: '/no/b-uten-å' }),
				doc({ title: 'Annet', text: 'Noe helt annet om styret.' })
			],
			'no'
		);
		expect(urls(index, 'pamelding')).toEqual(['/no/b-uten-å', '/no/a-med-å']);
		// The word with å ranks its exact match first.
		expect(urls(index, 'påmelding')).toEqual(['/no/a-med-å', '/no/b-uten-å']);
	});

	it("reads a misspelt word as the site's word, below a passage that has the word as typed", () => {
		const index = buildIndex(
			[
				doc({ locale: 'en', title: 'Party', text: 'Christmas dinner.', url: '/en/a-right' }),
				doc({ locale: 'en', title: 'Party', text: 'Chrismas dinner.', url: '/en/b-as-typed' }),
				doc({ locale: 'en', title: 'Quiz', text: 'Quiz night with prizes.' })
			],
			'en'
		);
		expect(urls(index, 'chrismas party')).toEqual(['/en/b-as-typed', '/en/a-right']);
		// Up to two letters off in a long word, a swap of neighbours counting as one.
		expect(urls(index, 'christmsa').sort()).toEqual(['/en/a-right', '/en/b-as-typed']);
		const dinner = buildIndex([doc({ title: 'Julebord', text: 'Billett til julebordet.' })], 'no');
		expect(urls(dinner, 'billet')).toHaveLength(1);
		// The words read are quoted from, as if typed.
		expect(dinner.search('billet', 5, NOW).terms).toContain(terms('billett', 'no')[0]);
	});

	it('reads no typo into a word the site uses, nor into a short word', () => {
		const index = buildIndex(
			[
				doc({ locale: 'en', title: 'Parts', text: 'Spare parts for bikes.', url: '/en/parts' }),
				doc({ locale: 'en', title: 'Party', text: 'A party in March.', url: '/en/party' })
			],
			'en'
		);
		expect(urls(index, 'party')).toEqual(['/en/party']);
		expect(urls(index, 'bike')).toEqual(['/en/parts']);
		expect(urls(index, 'mars')).toEqual([]);
	});

	it('ranks "får" above "far" for a question about "får"', () => {
		const index = buildIndex(
			[
				doc({ title: 'Om faren', text: 'Far og mor er velkomne.', url: '/no/far' }),
				doc({ title: 'Rabatt', text: 'Medlemmer får rabatt.', url: '/no/får' })
			],
			'no'
		);
		expect(urls(index, 'får')[0]).toBe('/no/får');
	});

	it('ranks a page whose title names the subject above one that only mentions it', () => {
		const index = buildIndex(
			[
				doc({ title: 'Om oss', text: 'Vi arrangerer også klatring av og til.', url: '/no/om' }),
				doc({ title: 'Klatring', text: 'Vi har utstyr du kan låne.', url: '/no/klatring' })
			],
			'no'
		);
		expect(urls(index, 'klatring')).toEqual(['/no/klatring', '/no/om']);
	});

	it('ranks an upcoming event above an old one, and recent news above old news', () => {
		const text = 'Quiz night in the student pub with prizes.';
		const index = buildIndex(
			[
				doc({
					locale: 'en',
					kind: 'event',
					title: 'Quiz',
					text,
					url: '/en/a-old',
					date: daysFromNow(-200)
				}),
				doc({
					locale: 'en',
					kind: 'event',
					title: 'Quiz',
					text,
					url: '/en/b-next',
					date: daysFromNow(7)
				}),
				doc({
					locale: 'en',
					kind: 'news',
					title: 'Quiz',
					text,
					url: '/en/c-news-old',
					date: daysFromNow(-400)
				}),
				doc({
					locale: 'en',
					kind: 'news',
					title: 'Quiz',
					text,
					url: '/en/d-news-new',
					date: daysFromNow(-2)
				})
			],
			'en'
		);
		const order = urls(index, 'quiz night');
		expect(order.indexOf('/en/b-next')).toBeLessThan(order.indexOf('/en/a-old'));
		expect(order.indexOf('/en/d-news-new')).toBeLessThan(order.indexOf('/en/c-news-old'));
		// Undated kinds keep their score whatever the date says.
		expect(recency('page', daysFromNow(-1000), NOW)).toBe(1);
		expect(recency('event', daysFromNow(30), NOW)).toBe(1);
	});

	it('never answers an English question from Norwegian text', () => {
		const docs = [
			doc({ locale: 'no', title: 'Julebord', text: 'Julebord med middag og show.' }),
			doc({ locale: 'en', title: 'Christmas party', text: 'Dinner and a show.', url: '/en/xmas' })
		];
		const en = buildIndex(docs, 'en');
		expect(urls(en, 'julebord')).toEqual([]);
		expect(urls(en, 'show')).toEqual(['/en/xmas']);
		expect(urls(buildIndex(docs, 'no'), 'show')).toEqual([docs[0]!.url]);
	});

	it("answers a word of the other language from the same item in the question's language", () => {
		const docs = [
			doc({ id: 'students', locale: 'no', title: 'For studenter', text: 'Du får fadderuke.' }),
			doc({
				id: 'students',
				locale: 'en',
				title: 'For students',
				text: 'You get a buddy week.',
				url: '/en/students'
			}),
			doc({ id: 'board', locale: 'en', title: 'Board', text: 'The board meets weekly.' })
		];
		const [hit] = buildIndex(docs, 'en').search('When is the fadderuke?', 5, NOW).hits;
		expect(hit?.passage).toMatchObject({ url: '/en/students', text: 'You get a buddy week.' });
		expect(urls(buildIndex(docs, 'en'), 'styret')).toEqual([]);
	});

	it('finds a Norwegian compound by its part, below an exact match, and English words whole', () => {
		const no = buildIndex(
			[
				doc({ title: 'Flere studentboliger', text: 'For hver student.', url: '/no/bolig' }),
				doc({ title: 'Debatt', text: 'Et møte om bolig.', url: '/no/debatt' }),
				doc({ title: 'Studiefinansiering', text: 'Om lån og stipend.', url: '/no/lan' })
			],
			'no'
		);
		expect(urls(no, 'bolig')).toEqual(['/no/debatt', '/no/bolig']);
		// "finansiering" holds "ring", but "studiefinansie" is no word.
		expect(urls(no, 'ring')).toEqual([]);
		const en = buildIndex(
			[doc({ locale: 'en', title: 'Passport', text: 'Bring your passport.', url: '/en/pass' })],
			'en'
		);
		expect(urls(en, 'port')).toEqual([]);
	});

	it('finds a page by its keywords, and offers the links of the passage it quotes', () => {
		const index = buildIndex(
			[
				doc({
					locale: 'en',
					title: 'Contact us',
					text: 'Find us in the student centre.',
					keywords: 'office, address',
					url: '/en/contact'
				}),
				doc({
					locale: 'en',
					title: 'Expense policy',
					text:
						'Submit the claim in the expense system.\n\n' + 'Alcohol is not covered. '.repeat(30),
					links: [{ title: 'The expense system', url: '/en/fs' }],
					url: '/en/policies/expenses'
				})
			],
			'en'
		);
		expect(urls(index, 'Where is your office?')).toEqual(['/en/contact']);
		const [claim] = index.search('claim', 5, NOW).hits;
		expect(claim?.passage.links).toEqual([{ title: 'The expense system', url: '/en/fs' }]);
		const [alcohol] = index.search('alcohol', 5, NOW).hits;
		expect(alcohol?.passage.links).toBeUndefined();
	});

	it('finds nothing for a nonsense question or one that matches a single word of many', () => {
		const index = buildIndex(
			[doc({ locale: 'en', title: 'Board', text: 'The board meets every week on campus.' })],
			'en'
		);
		expect(index.search('xyzzy plugh frobnicate', 5, NOW).hits).toEqual([]);
		expect(index.search('weather forecast mars campus tomorrow', 5, NOW).hits).toEqual([]);
		expect(index.search('', 5, NOW).hits).toEqual([]);
		expect(index.search('the board', 5, NOW).hits).toHaveLength(1);
	});

	it('answers a long message from the passage that holds three of its words, not from two', () => {
		const index = buildIndex(
			[
				doc({
					locale: 'en',
					title: 'Sports club',
					text: 'The sports club trains three days a week.',
					url: '/en/club'
				}),
				doc({ locale: 'en', title: 'History', text: 'Founded in Bergen one autumn.' })
			],
			'en'
		);
		const intro = 'Hi! I am starting my studies in Bergen this autumn and wonder whether';
		expect(urls(index, `${intro} there is a club where I can train a few days a week?`)).toEqual([
			'/en/club'
		]);
		expect(urls(index, `${intro} anyone sells second-hand bikes near the station?`)).toEqual([]);
		// Half of a short question's terms; a quarter of a long one's, at least three.
		expect([goodEnough(1, 2), goodEnough(2, 5), goodEnough(3, 6)]).toEqual([true, false, true]);
		expect([goodEnough(2, 7), goodEnough(3, 12), goodEnough(3, 13)]).toEqual([false, true, false]);
	});

	it('quotes the part of a long page that holds the answer, not the whole page', () => {
		const filler = Array.from(
			{ length: 30 },
			(_, i) => `Avsnitt ${i} handler om vedtekter og styrets arbeid.`
		).join(' ');
		const text = `${filler}\n\nKontingenten er 200 kroner per semester.\n\n${filler}`;
		const index = buildIndex([doc({ title: 'Vedtekter', text })], 'no');
		const [hit] = index.search('kontingent', 5, NOW).hits;
		expect(hit?.passage.text).toContain('Kontingenten er 200 kroner');
		expect(hit!.passage.text.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
		for (const piece of splitPassages(text))
			expect(piece.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
	});
});
