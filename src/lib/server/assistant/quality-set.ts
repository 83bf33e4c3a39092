// Questions a visitor might ask the assistant about the demo content (db/seed.ts, seed-content.ts),
// each with the page a good answer must cite, questions it holds no answer to, and how a retriever
// is scored on them: the retrieval-quality set of quality.test.ts and of the assistant's bench
// (bench/assistant.mjs, which also times the local answer over these questions). Written as
// visitors write: paraphrases, short searches, long messages, typos and words typed without æ, ø,
// å. Not tuned to the ranker: a question the ranker misses stays in the set and lowers the score.
import type { Locale } from '$lib/i18n';
import type { AssistantRetriever } from './retriever';

/**
 * The moment the questions are asked, with the demo content seeded at it: events' recency and
 * which news is published depend on the clock, so the figures do not drift from day to day.
 */
export const QUALITY_NOW = new Date('2026-11-23T09:00:00.000Z');

export interface QualityCase {
	question: string;
	/** The page a good answer cites, as the retriever gives it (`/no/events/evt-julebord`). */
	expected: string;
}

/** The first set (2026-11-24). */
export const FIRST_SET: Record<Locale, readonly QualityCase[]> = {
	no: [
		// Events
		{ question: 'Når er julebordet i år?', expected: '/no/events/evt-julebord' },
		{
			question: 'hvor skal julebordet være og blir det show?',
			expected: '/no/events/evt-julebord'
		},
		{ question: 'karrieredag bergen', expected: '/no/events/evt-career' },
		{
			question: 'Kan jeg få noen til å se over CV-en min og møte bedrifter?',
			expected: '/no/events/evt-career'
		},
		{
			question:
				'Jeg har aldri klatret før. Kan jeg likevel bli med på klatringen, og må jeg ha med egne sko og sele?',
			expected: '/no/events/evt-climbing'
		},
		{ question: 'klatring for nybegynere', expected: '/no/events/evt-climbing' },
		{ question: 'debatt om stipend og lan', expected: '/no/events/evt-debate' },
		// News
		{ question: 'hvem vant vårcupen?', expected: '/no/news/news-cup' },
		{ question: 'Når tar det nye styret over?', expected: '/no/news/news-new-board' },
		{ question: 'er nettbutikken apen', expected: '/no/news/news-shop-open' },
		// Jobs
		{
			question: 'Finnes det et ledig verv i styret for noen som har kontroll på tall?',
			expected: '/no/jobs/treasurer-oslo'
		},
		{ question: 'trenger dere noen som kan lage plakater?', expected: '/no/jobs/designer' },
		{ question: 'fotograf stilling', expected: '/no/jobs/photographer' },
		// Units
		{ question: 'hvem er campusleder i oslo', expected: '/no/units/board-oslo' },
		{
			question: 'samarbeider styret i trondheim med studentrådet?',
			expected: '/no/units/board-trondheim'
		},
		{ question: 'Hvem planlegger fester, foredrag og turer?', expected: '/no/units/events-oslo' },
		{
			question:
				'Hei! Jeg begynner å studere i Bergen til høsten og lurer på om det finnes et lag der jeg kan spille fotball, og hvor mange dager i uka dere trener?',
			expected: '/no/units/sport-bergen'
		},
		// Projects
		{
			question: 'Hva gjør dere med boligmangelen for studenter?',
			expected: '/no/projects/student-housing'
		},
		{ question: 'kildesortering og vegetarmat', expected: '/no/projects/green-campus' },
		// About pages
		{ question: 'Når ble organisasjonen stiftet?', expected: '/no/about/history' },
		{
			question: 'hvor stort flertall trengs for å endre vedtektene',
			expected: '/no/about/bylaws'
		},
		{ question: 'hvem reviderer regnskapet?', expected: '/no/about/operations' },
		{ question: 'politisk program psykisk helse', expected: '/no/about/politics' },
		{
			question: 'Jeg har problemer med et emne og eksamen, hvem kan jeg snakke med?',
			expected: '/no/about/study-quality'
		},
		{
			question: 'samarbeider dere med studentorganisasjoner i norden',
			expected: '/no/about/partner-org'
		},
		{ question: 'nettverk for tidligere studenter', expected: '/no/about/alumni' },
		{
			question: 'Jeg er foreleser og vil gjerne nå studentene med informasjon',
			expected: '/no/about/academics-contact'
		},
		{ question: 'er organisasjonen partipolitisk uavhengig?', expected: '/no/about/what-is-org' },
		// Other pages
		{ question: 'bruker dere informasjonskapsler til markedsføring', expected: '/no/privacy' },
		{ question: 'kan jeg returnere billetten min?', expected: '/no/terms' },
		{ question: 'Hvordan varsler jeg om trakassering anonymt?', expected: '/no/safety' },
		{ question: 'apningstider administrasjonen', expected: '/no/contact' },
		{ question: 'Hva koster det å bli medlem?', expected: '/no/membership' },
		{ question: 'soke stotte fra fondet', expected: '/no/org-fund' },
		{ question: 'kontorplass for gründere', expected: '/no/business-hotspot' },
		{ question: 'pressekontakt', expected: '/no/press' },
		{
			question: 'hvordan får jeg igjen pengene jeg la ut for organisasjonen?',
			expected: '/no/policies/expenses'
		},
		{ question: 'retningslinjer om interessekonflikt', expected: '/no/policies/code-of-conduct' },
		{ question: 'Hvilke byer har dere campus i?', expected: '/no/campus' },
		{ question: 'Vår bedrift vil bli samarbeidspartner', expected: '/no/partner' },
		{ question: 'hva er fadderuka', expected: '/no/students' },
		// Shop
		{ question: 'hettegenser pris', expected: '/no/shop/hoodie' },
		{ question: 'Har dere kopper med logo?', expected: '/no/shop/mug' },
		{ question: 'klistremerke til pc', expected: '/no/shop/sticker' },
		{ question: 'kjøpe billet til julebordet', expected: '/no/shop/julebord-ticket' },
		// Long messages
		{
			question:
				'Hei, jeg og noen venner vil gjerne starte en ny forening for brettspill på campus. Kan vi søke om penger til å kjøpe spill, og når er fristen?',
			expected: '/no/org-fund'
		},
		{
			question:
				'Jeg kjøpte mat til et arrangement for utvalget vårt forrige uke og har kvitteringen. Hvor lang tid har jeg på å sende inn kravet, og når får jeg pengene?',
			expected: '/no/policies/expenses'
		},
		{
			question:
				'Jeg så noe ubehagelig skje på en fest i helgen og vet ikke helt hvem jeg skal si fra til. Kan jeg melde fra uten å oppgi navnet mitt?',
			expected: '/no/safety'
		}
	],
	en: [
		// Events
		{ question: 'What date is the Christmas party?', expected: '/en/events/evt-julebord' },
		{ question: 'chrismas party location', expected: '/en/events/evt-julebord' },
		{ question: 'career day bergen', expected: '/en/events/evt-career' },
		{
			question: 'Where can I meet employers and get someone to look at my CV?',
			expected: '/en/events/evt-career'
		},
		{
			question:
				'I have never climbed before. Can I still join the climbing evening, and do I need to bring my own shoes and harness?',
			expected: '/en/events/evt-climbing'
		},
		{ question: 'climbing for begginers', expected: '/en/events/evt-climbing' },
		{ question: 'debate about student loans and grants', expected: '/en/events/evt-debate' },
		// News
		{ question: 'who won the spring cup?', expected: '/en/news/news-cup' },
		{
			question: 'When does the newly elected board take over?',
			expected: '/en/news/news-new-board'
		},
		{ question: 'is the online shop open yet', expected: '/en/news/news-shop-open' },
		// Jobs
		{
			question: 'I am good with numbers, can I join the board and keep the accounts?',
			expected: '/en/jobs/treasurer-oslo'
		},
		{ question: 'do you need someone to design posters?', expected: '/en/jobs/designer' },
		{ question: 'photographer position', expected: '/en/jobs/photographer' },
		// Units
		{ question: 'who is the campus leader in oslo', expected: '/en/units/board-oslo' },
		{
			question: 'does the Trondheim board work with the student council?',
			expected: '/en/units/board-trondheim'
		},
		{ question: 'Who organises the parties, talks and trips?', expected: '/en/units/events-oslo' },
		{
			question:
				'Hi! I am starting my studies in Bergen this autumn and wonder whether there is a club where I can play football, and how many days a week you train?',
			expected: '/en/units/sport-bergen'
		},
		// Projects
		{
			question: 'What are you doing about the housing shortage for students?',
			expected: '/en/projects/student-housing'
		},
		{ question: 'waste sorting and vegetarian food', expected: '/en/projects/green-campus' },
		// About pages
		{ question: 'When was the organisation founded?', expected: '/en/about/history' },
		{ question: 'what majority is needed to change the bylaws', expected: '/en/about/bylaws' },
		{ question: 'who audits the accounts?', expected: '/en/about/operations' },
		{ question: 'political programme mental health', expected: '/en/about/politics' },
		{
			question: 'I am having trouble with a course and an exam, who can I talk to?',
			expected: '/en/about/study-quality'
		},
		{
			question: 'do you work with other student organisations in the nordic countries',
			expected: '/en/about/partner-org'
		},
		{ question: 'network for former students', expected: '/en/about/alumni' },
		{
			question: 'I am a lecturer and would like to reach the students with information',
			expected: '/en/about/academics-contact'
		},
		{
			question: 'is the organisation politically independent?',
			expected: '/en/about/what-is-org'
		},
		// Other pages
		{ question: 'do you use cookies for marketing', expected: '/en/privacy' },
		{ question: 'can I return my ticket?', expected: '/en/terms' },
		{ question: 'How do I report harassment anonymously?', expected: '/en/safety' },
		{ question: 'office opening hours', expected: '/en/contact' },
		{ question: 'How much does it cost to become a member?', expected: '/en/membership' },
		{ question: 'apply for money from the fund', expected: '/en/org-fund' },
		{ question: 'co-working desk for student founders', expected: '/en/business-hotspot' },
		{ question: 'press contact', expected: '/en/press' },
		{
			question: 'how do I get back money I spent for the organisation?',
			expected: '/en/policies/expenses'
		},
		{ question: 'rules on conflicts of interest', expected: '/en/policies/code-of-conduct' },
		{ question: 'Which cities do you have campuses in?', expected: '/en/campus' },
		{ question: 'Our company would like to become a partner', expected: '/en/partner' },
		{ question: 'what is the buddy week', expected: '/en/students' },
		// Shop
		{ question: 'hoodie price', expected: '/en/shop/hoodie' },
		{ question: 'Do you sell mugs with the logo?', expected: '/en/shop/mug' },
		{ question: 'sticker for my laptop', expected: '/en/shop/sticker' },
		{ question: 'buy a ticket for the christmas party', expected: '/en/shop/julebord-ticket' },
		// Long messages
		{
			question:
				'Hi, some friends and I want to start a new board game society on campus. Can we apply for money to buy games, and when is the deadline?',
			expected: '/en/org-fund'
		},
		{
			question:
				'I bought food for an event for our committee last week and I still have the receipt. How long do I have to submit the claim, and when will I get the money?',
			expected: '/en/policies/expenses'
		},
		{
			question:
				"I saw something uncomfortable happen at a party last weekend and I'm not sure who to tell. Can I report it without giving my name?",
			expected: '/en/safety'
		}
	]
};

/**
 * Paraphrases a visitor expects to work (issue 36 and issue 30's item 20), written before the
 * ranker was tuned on them (2026-11-27): a compound's part ("bolig" for "studentboliger",
 * "butikken på nett" for "Nettbutikken"), a Norwegian word in an English question ("fadderuke",
 * "julebord"), an English one in a Norwegian question ("career day"), words the page does not use
 * ("office", "reimbursed"), and the membership's price, which the page that sells it answers.
 */
export const PARAPHRASES: Record<Locale, readonly QualityCase[]> = {
	no: [
		{ question: 'Hjelper dere med bolig?', expected: '/no/projects/student-housing' },
		{ question: 'Når åpner butikken på nett?', expected: '/no/news/news-shop-open' },
		{ question: 'Hvor er kontoret deres?', expected: '/no/contact' },
		{ question: 'Hvordan får jeg refusjon?', expected: '/no/policies/expenses' },
		{ question: 'Hva er prisen på medlemskap?', expected: '/no/membership' },
		{ question: 'Kan jeg kjøpe medlemskap på nett?', expected: '/no/membership' },
		{ question: 'Hva er adressen til administrasjonen?', expected: '/no/contact' },
		{ question: 'Har dere et idrettslag i Bergen?', expected: '/no/units/sport-bergen' },
		{ question: 'Når er fristen for å søke fondet?', expected: '/no/org-fund' },
		{ question: 'Hvor mye koster klatringen?', expected: '/no/events/evt-climbing' },
		{ question: 'Er det gratis å gå på karrieredagen?', expected: '/no/events/evt-career' },
		{ question: 'Hvem kan jeg ringe med et pressespørsmål?', expected: '/no/press' },
		{ question: 'Kan jeg bytte brukte lærebøker?', expected: '/no/projects/green-campus' },
		{ question: 'Hva skjer i fadderuken?', expected: '/no/students' },
		{
			question: 'Hvor kan studentbedriften min få en arbeidsplass?',
			expected: '/no/business-hotspot'
		},
		{ question: 'Hvem tar imot klager på undervisningen?', expected: '/no/about/study-quality' },
		{ question: 'Hvilke informasjonskapsler bruker nettsiden?', expected: '/no/privacy' },
		{ question: 'Kan jeg gi billetten min til en venn?', expected: '/no/terms' },
		{ question: 'Hvem bestemmer budsjettet?', expected: '/no/about/operations' },
		{ question: 'Når er career day?', expected: '/no/events/evt-career' }
	],
	en: [
		{ question: 'When is the fadderuke?', expected: '/en/students' },
		{ question: 'Do you help with housing?', expected: '/en/projects/student-housing' },
		{ question: 'When does the shop open online?', expected: '/en/news/news-shop-open' },
		{ question: 'Where is your office?', expected: '/en/contact' },
		{ question: 'How do I get reimbursed?', expected: '/en/policies/expenses' },
		{ question: 'What is the price of a membership?', expected: '/en/membership' },
		{ question: 'Can I buy a membership online?', expected: '/en/membership' },
		{ question: 'What is your address?', expected: '/en/contact' },
		{ question: 'Is there a sports club in Bergen?', expected: '/en/units/sport-bergen' },
		{ question: 'When is the deadline for the fund?', expected: '/en/org-fund' },
		{ question: 'How much is the climbing night?', expected: '/en/events/evt-climbing' },
		{ question: 'Is the career day free?', expected: '/en/events/evt-career' },
		{ question: 'Who do I call with a press question?', expected: '/en/press' },
		{ question: 'Can I swap used textbooks?', expected: '/en/projects/green-campus' },
		{ question: 'Where can my student company get a desk?', expected: '/en/business-hotspot' },
		{ question: 'Who handles complaints about teaching?', expected: '/en/about/study-quality' },
		{ question: 'Which cookies does the website use?', expected: '/en/privacy' },
		{ question: 'Can I give my ticket to a friend?', expected: '/en/terms' },
		{ question: 'Who decides the budget?', expected: '/en/about/operations' },
		{ question: 'When is the julebord?', expected: '/en/events/evt-julebord' }
	]
};

/** Every question with its page: the first set and the paraphrases. */
export const QUALITY_SET: Record<Locale, readonly QualityCase[]> = {
	no: [...FIRST_SET.no, ...PARAPHRASES.no],
	en: [...FIRST_SET.en, ...PARAPHRASES.en]
};

/**
 * Questions the demo content holds no answer to: a good assistant says it found nothing (and
 * points to the search and the contact page) rather than quoting a page that shares a word.
 */
export const OFF_TOPIC: Record<Locale, readonly string[]> = {
	no: [
		'Hva blir været i Bergen i morgen?',
		'Kan du anbefale en god pizzarestaurant i nærheten av campus?',
		'Hvordan søker jeg om lån fra Lånekassen?',
		'Når går neste buss fra Blindern til sentrum?',
		'Hvor mange studiepoeng trenger jeg for å få en bachelorgrad?',
		'Hei! Jeg er ny i byen og lurer på om noen vet hvor jeg kan få tak i en brukt sykkel til en rimelig penge, gjerne i nærheten av campus i Oslo?',
		'Hva er hovedstaden i Australia?',
		'Kan jeg ta med hunden min på forelesning?',
		'Jeg har vondt i kneet etter løpingen i går, vet du om jeg bør gå til lege eller bare hvile noen dager før neste trening?',
		'Kan du hjelpe meg å skrive en søknad til en sommerjobb i et regnskapsfirma, og hva bør jeg skrive om meg selv i innledningen?'
	],
	en: [
		'What is the weather like in Bergen tomorrow?',
		'Can you recommend a good pizza place near campus?',
		'How do I apply for a loan from the state educational loan fund?',
		'When does the next bus leave for the city centre?',
		'How many credits do I need for a bachelor degree?',
		'Hi! I just moved to town and wonder if anyone knows where I can get a used bike for a fair price, preferably near the campus in Oslo?',
		'What is the capital of Australia?',
		'Can I bring my dog to lectures?',
		'My knee hurts after running yesterday, do you know if I should see a doctor or just rest a few days before the next training?',
		'Can you help me write an application for a summer job at an accounting firm, and what should I say about myself in the introduction?'
	]
};

/** hit@1 and hit@3 of a group of questions. */
export interface Hits {
	questions: number;
	/** Share of questions whose expected page is the first page the retriever gives. */
	hit1: number;
	/** … among its first three distinct pages. */
	hit3: number;
}

export interface RetrievalQuality extends Hits {
	/** The same figures for the first set and for the paraphrases alone. */
	sets: { first: Hits; paraphrases: Hits };
	/** Share of the off-topic questions for which it gives nothing. */
	offTopicNothing: number;
	/** The questions that missed hit@1, and the off-topic ones that found something, for reading. */
	misses: string[];
}

/** Enough passages for three distinct pages: at most two passages of one page are returned. */
const PASSAGES = 12;

const share = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;

/** hit@1, hit@3 and the off-topic share of one locale's questions, as `retrieve` ranks them. */
export async function retrievalQuality(
	retriever: Pick<AssistantRetriever, 'retrieve'>,
	locale: Locale
): Promise<RetrievalQuality> {
	const pagesFor = async (question: string) => {
		const passages = await retriever.retrieve(question, locale, PASSAGES);
		return [...new Set(passages.map((p) => p.url))];
	};
	const misses: string[] = [];
	const ranks = new Map<QualityCase, number>();
	for (const c of QUALITY_SET[locale]) {
		const pages = await pagesFor(c.question);
		const rank = pages.indexOf(c.expected) + 1;
		ranks.set(c, rank);
		if (rank !== 1) {
			const got = pages.slice(0, 3).join(', ') || 'nothing';
			misses.push(`${rank === 0 ? '–' : `#${rank}`} ${c.question} → ${c.expected}; got ${got}`);
		}
	}
	const hits = (cases: readonly QualityCase[]): Hits => {
		const rankOf = (c: QualityCase) => ranks.get(c) ?? 0;
		return {
			questions: cases.length,
			hit1: share(cases.filter((c) => rankOf(c) === 1).length, cases.length),
			hit3: share(cases.filter((c) => rankOf(c) >= 1 && rankOf(c) <= 3).length, cases.length)
		};
	};
	let nothing = 0;
	for (const question of OFF_TOPIC[locale]) {
		const pages = await pagesFor(question);
		if (pages.length === 0) nothing += 1;
		else misses.push(`off-topic: ${question} → ${pages.slice(0, 3).join(', ')}`);
	}
	return {
		...hits(QUALITY_SET[locale]),
		sets: { first: hits(FIRST_SET[locale]), paraphrases: hits(PARAPHRASES[locale]) },
		offTopicNothing: share(nothing, OFF_TOPIC[locale].length),
		misses
	};
}
