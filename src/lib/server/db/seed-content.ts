// Demo content of the public content pages (rich-text pages, an expired job, projects), in both
// locales. Called by seedDemo inside its transaction; bodies are paragraphs separated by blank lines.
import type { Transaction } from 'kysely';
import type { Database } from './schema';

const DAY = 86_400_000;

interface PageSeed {
	slug: string;
	no: [title: string, summary: string, ...paragraphs: string[]];
	en: [title: string, summary: string, ...paragraphs: string[]];
	/** Search keywords: what visitors call the page's subject where its text does not. */
	keywords?: { no: string; en: string };
}

const PAGES: PageSeed[] = [
	{
		slug: 'about/what-is-org',
		no: [
			'Hva er organisasjonen?',
			'En studentorganisasjon som jobber for et bedre studentliv på alle campusene våre.',
			'Organisasjonen er en frivillig, partipolitisk uavhengig forening for alle studenter ved skolen. Vi arrangerer faglige og sosiale aktiviteter, driver tilbud som kafé og idrettslag, og snakker studentenes sak overfor skolen og myndighetene.',
			'Alt arbeidet gjøres av studenter som engasjerer seg ved siden av studiene. Hvert år er flere hundre frivillige med i styrer, utvalg og prosjekter.',
			'Medlemskap er åpent for alle studenter, og medlemmer får rabatter, stemmerett på generalforsamlingen og mulighet til å søke om støtte fra organisasjonsfondet.'
		],
		en: [
			'What is the organisation?',
			'A student organisation working for a better student life on all our campuses.',
			'The organisation is a volunteer, politically independent association for every student at the school. We run academic and social activities, operate services such as the café and the sports club, and speak up for students towards the school and the authorities.',
			'All the work is done by students who get involved alongside their studies. Every year several hundred volunteers take part in boards, committees and projects.',
			'Membership is open to all students, and members get discounts, a vote at the general assembly and the chance to apply for support from the organisation fund.'
		]
	},
	{
		slug: 'about/history',
		no: [
			'Historie',
			'Fra en liten studentforening i 1983 til en organisasjon på tre campuser.',
			'Organisasjonen ble stiftet i Oslo høsten 1983 av en gruppe studenter som ville ha et eget sted å møtes mellom forelesningene. Den første kafeen lå i en kjeller og var åpen tre dager i uka.',
			'På 1990-tallet kom avdelingene i Bergen og Trondheim til, og organisasjonen fikk sin første heltidsansatte. Idrettslaget og arrangementsutvalget ble etablert i samme periode.',
			'I dag er vi en av landets største studentorganisasjoner, med egne styrer på hver campus og et felles sentralstyre.'
		],
		en: [
			'History',
			'From a small student society in 1983 to an organisation on three campuses.',
			'The organisation was founded in Oslo in the autumn of 1983 by a group of students who wanted a place of their own to meet between lectures. The first café was in a basement and opened three days a week.',
			'In the 1990s the branches in Bergen and Trondheim joined, and the organisation hired its first full-time employee. The sports club and the events committee were set up in the same period.',
			'Today we are one of the largest student organisations in the country, with a board on each campus and a joint central board.'
		]
	},
	{
		slug: 'about/bylaws',
		no: [
			'Vedtekter',
			'Organisasjonens vedtekter, sist endret på generalforsamlingen i år.',
			'§ 1 Formål. Organisasjonen skal ivareta studentenes faglige, sosiale og økonomiske interesser og bidra til et godt studiemiljø.',
			'§ 2 Medlemskap. Alle studenter ved skolen kan bli medlemmer, andre til ordinær pris. Medlemskapet gjelder ett semester eller ett studieår om gangen.',
			'§ 3 Generalforsamlingen. Generalforsamlingen er organisasjonens øverste organ og holdes hvert vårsemester. Alle medlemmer har møte-, tale- og stemmerett.',
			'§ 4 Endringer. Endringer i vedtektene krever to tredjedels flertall på generalforsamlingen.'
		],
		en: [
			'Bylaws',
			'The bylaws of the organisation, last amended at this year’s general assembly.',
			'§ 1 Purpose. The organisation shall look after the academic, social and financial interests of students and contribute to a good study environment.',
			'§ 2 Membership. Every student at the school may become a member, others at the regular price. Membership is valid for one semester or one academic year at a time.',
			'§ 3 General assembly. The general assembly is the highest body of the organisation and meets every spring semester. All members may attend, speak and vote.',
			'§ 4 Amendments. Amending the bylaws requires a two-thirds majority at the general assembly.'
		]
	},
	{
		slug: 'about/operations',
		no: [
			'Drift',
			'Slik drives organisasjonen fra dag til dag.',
			'Den daglige driften ledes av en daglig leder som rapporterer til sentralstyret. Administrasjonen har ansvar for regnskap, avtaler, lokaler og oppfølging av de frivillige.',
			'Hver campus har et eget styre som fordeler midler til utvalg og prosjekter. Budsjettet vedtas av generalforsamlingen, og regnskapet revideres av en ekstern revisor.',
			'Har du spørsmål om driften, kan du kontakte administrasjonen på e-post.'
		],
		en: [
			'Operations',
			'How the organisation is run from day to day.',
			'Day-to-day operations are led by a general manager who reports to the central board. The administration is responsible for accounts, agreements, premises and looking after the volunteers.',
			'Each campus has its own board that allocates funds to committees and projects. The budget is adopted by the general assembly, and the accounts are audited by an external auditor.',
			'If you have questions about operations, contact the administration by email.'
		]
	},
	{
		slug: 'about/politics',
		no: [
			'Politikk',
			'Vi jobber for studentenes interesser lokalt og nasjonalt.',
			'Organisasjonens politiske program vedtas av generalforsamlingen og gjelder i to år. Programmet tar for seg studiefinansiering, studentboliger, psykisk helse og kvalitet i utdanningen.',
			'Vi møter skoleledelsen jevnlig, sitter i skolens styrer og utvalg og deltar i høringer fra departementet.',
			'Alle medlemmer kan foreslå saker til programmet. Send forslaget ditt til styret på din campus.'
		],
		en: [
			'Politics',
			'We work for the interests of students locally and nationally.',
			'The political programme of the organisation is adopted by the general assembly and applies for two years. It covers student finance, student housing, mental health and the quality of education.',
			'We meet the school’s leadership regularly, sit on the school’s boards and committees and take part in consultations from the ministry.',
			'Every member can propose issues for the programme. Send your proposal to the board on your campus.'
		]
	},
	{
		slug: 'about/study-quality',
		no: [
			'Studiekvalitet',
			'Tillitsvalgte som passer på at undervisningen holder mål.',
			'Hvert kull velger tillitsvalgte som samler tilbakemeldinger fra studentene og tar dem opp med faglærere og programledelse.',
			'Organisasjonen kurser de tillitsvalgte hvert semester og hjelper dem når en sak må løftes videre.',
			'Opplever du problemer med et emne, en eksamen eller veiledningen? Snakk med tillitsvalgt på kullet ditt eller kontakt oss direkte.'
		],
		en: [
			'Study quality',
			'Student representatives who make sure teaching meets the standard.',
			'Each class elects representatives who gather feedback from students and raise it with lecturers and programme leaders.',
			'The organisation trains the representatives every semester and helps them when an issue must be taken further.',
			'Having trouble with a course, an exam or supervision? Talk to your class representative or contact us directly.'
		]
	},
	{
		slug: 'about/partner-org',
		no: [
			'Partnerorganisasjoner',
			'Organisasjonene vi samarbeider med nasjonalt og internasjonalt.',
			'Vi er medlem av den nasjonale studentorganisasjonen og samarbeider med studentsamskipnadene om velferdstilbud på campus.',
			'Internasjonalt deltar vi i et nettverk av studentorganisasjoner i Norden, med felles konferanser og utvekslingsprogram for tillitsvalgte.',
			'Vil organisasjonen din samarbeide med oss? Ta kontakt med sentralstyret.'
		],
		en: [
			'Partner organisations',
			'The organisations we work with nationally and internationally.',
			'We are a member of the national student union and work with the student welfare organisations on services on campus.',
			'Internationally we take part in a network of Nordic student organisations, with joint conferences and exchange programmes for representatives.',
			'Would your organisation like to work with us? Get in touch with the central board.'
		]
	},
	{
		slug: 'about/alumni',
		no: [
			'Alumni',
			'Et nettverk for tidligere studenter og frivillige.',
			'Alumninettverket samler tidligere studenter som vil holde kontakten med skolen og med hverandre. Vi arrangerer årlig alumnifest og faglige frokostmøter.',
			'Mange alumner stiller som mentorer for dagens studenter og deler erfaringer fra arbeidslivet.',
			'Meld deg inn i nettverket ved å sende navn og avgangsår til alumni@example.org.'
		],
		en: [
			'Alumni',
			'A network for former students and volunteers.',
			'The alumni network brings together former students who want to keep in touch with the school and with each other. We hold an annual alumni party and breakfast talks.',
			'Many alumni act as mentors for today’s students and share what they have learned at work.',
			'Join the network by sending your name and graduation year to alumni@example.org.'
		]
	},
	{
		slug: 'about/academics-contact',
		no: [
			'Kontakt for fagansatte',
			'For forelesere og ansatte som vil samarbeide med studentene.',
			'Ønsker du å nå studentene med informasjon, invitere til et arrangement eller samarbeide om et faglig opplegg? Organisasjonen hjelper gjerne.',
			'Faglige spørsmål om et kull går best via de tillitsvalgte. Større samarbeid avtales med styret på campus.',
			'Skriv til fag@example.org, så svarer vi innen to virkedager.'
		],
		en: [
			'Contact for academic staff',
			'For lecturers and staff who want to work with the students.',
			'Would you like to reach students with information, invite them to an event or work together on an academic activity? The organisation is happy to help.',
			'Academic questions about a class are best raised through the class representatives. Larger collaborations are agreed with the campus board.',
			'Write to fag@example.org and we will reply within two working days.'
		]
	},
	{
		slug: 'privacy',
		no: [
			'Personvernerklæring',
			'Hvordan vi behandler personopplysningene dine.',
			'Organisasjonen er behandlingsansvarlig for personopplysninger som samles inn på dette nettstedet. Vi behandler bare opplysninger vi trenger for å levere tjenestene du ber om, som medlemskap, kjøp i nettbutikken og refusjon av utlegg.',
			'Vi bruker informasjonskapsler for innlogging, språkvalg, valg av campus og fargetema, og handlekurv. Vi bruker ikke informasjonskapsler til markedsføring.',
			'Du har rett til innsyn, retting og sletting av opplysningene dine. Send en henvendelse til personvern@example.org.'
		],
		en: [
			'Privacy policy',
			'How we process your personal data.',
			'The organisation is the controller of personal data collected on this website. We only process the data we need to provide the services you ask for, such as membership, purchases in the shop and reimbursement of expenses.',
			'We use cookies for sign-in, the choice of language, campus and colour theme, and the shopping cart. We do not use cookies for marketing.',
			'You have the right to access, correct and delete your data. Send a request to personvern@example.org.'
		]
	},
	{
		slug: 'terms',
		no: [
			'Vilkår',
			'Vilkår for bruk av nettstedet og kjøp i nettbutikken.',
			'Ved kjøp i nettbutikken inngår du en avtale med organisasjonen. Prisene er oppgitt i norske kroner inkludert merverdiavgift der den gjelder.',
			'Billetter til arrangementer kan ikke returneres, men kan overdras til en annen person. Varer kan returneres innen 14 dager i uåpnet stand.',
			'Spørsmål om et kjøp kan sendes til butikk@example.org.'
		],
		en: [
			'Terms',
			'Terms for using the website and buying in the shop.',
			'When you buy in the shop you enter into an agreement with the organisation. Prices are in Norwegian kroner including VAT where it applies.',
			'Event tickets cannot be returned, but they can be transferred to another person. Goods may be returned within 14 days if unopened.',
			'Questions about a purchase can be sent to butikk@example.org.'
		]
	},
	{
		slug: 'safety',
		no: [
			'Trygghet',
			'Alle skal være trygge på våre arrangementer.',
			'Vi har nulltoleranse for trakassering, diskriminering og vold. Alle arrangementer har en ansvarlig vakt som du kan kontakte hvis noe skjer.',
			'Opplever du eller ser du noe som ikke er greit, kan du varsle anonymt via skjemaet vårt eller snakke med en av trygghetskontaktene på campus.',
			'Ved akutt fare: ring 112.'
		],
		en: [
			'Safety',
			'Everyone should feel safe at our events.',
			'We have zero tolerance for harassment, discrimination and violence. Every event has a person in charge whom you can contact if something happens.',
			'If you experience or witness something that is not okay, you can report it anonymously through our form or talk to one of the safety contacts on campus.',
			'In an emergency: call 112.'
		]
	},
	{
		slug: 'students',
		no: [
			'For studenter',
			'Alt du trenger å vite som student hos oss.',
			'Som ny student får du fadderuke, en introduksjon til campus og muligheten til å bli med i et av våre mange utvalg.',
			'Vi tilbyr kafé, lesesaler, idrett og sosiale arrangementer gjennom hele året, og hjelper deg hvis du møter problemer i studiene.',
			'Følg med på arrangementssiden, og meld deg inn som medlem for å få rabatter.'
		],
		en: [
			'For students',
			'Everything you need to know as a student with us.',
			'As a new student you get a buddy week, an introduction to campus and the chance to join one of our many committees.',
			'We offer a café, reading rooms, sports and social events all year round, and we help you if you run into trouble with your studies.',
			'Keep an eye on the events page, and become a member to get discounts.'
		]
	},
	{
		slug: 'campus',
		no: [
			'Campus',
			'Vi finnes i Oslo, Bergen og Trondheim.',
			'Hver campus har sitt eget styre, sine egne utvalg og sin egen studentkafé. Felles for alle er medlemskapet, som gjelder på tvers av campusene.',
			'Oslo er den største avdelingen, med egne lokaler i sentrum. Bergen er kjent for idrettslaget, og Trondheim for sitt tette samarbeid med studentrådet.',
			'Se enhetssiden for en oversikt over hva som skjer på din campus.'
		],
		en: [
			'Campus',
			'We are in Oslo, Bergen and Trondheim.',
			'Each campus has its own board, its own committees and its own student café. What they share is the membership, which applies across all campuses.',
			'Oslo is the largest branch, with its own premises in the city centre. Bergen is known for its sports club, and Trondheim for its close work with the student council.',
			'See the units page for an overview of what is happening on your campus.'
		]
	},
	{
		slug: 'partner',
		no: [
			'Samarbeidspartnere',
			'Bedrifter og organisasjoner som støtter studentlivet.',
			'Samarbeidspartnerne våre bidrar med støtte til arrangementer, stipender og faglige aktiviteter. Til gjengjeld får de møte studentene på karrieredager og bedriftspresentasjoner.',
			'Vi tilbyr flere samarbeidsnivåer, fra enkeltarrangementer til avtaler over flere år.',
			'Interessert? Kontakt samarbeid@example.org for en prat.'
		],
		en: [
			'Partners',
			'Companies and organisations that support student life.',
			'Our partners support events, scholarships and academic activities. In return they meet the students at career days and company presentations.',
			'We offer several levels of partnership, from single events to agreements over several years.',
			'Interested? Contact samarbeid@example.org for a chat.'
		]
	},
	{
		slug: 'org-fund',
		no: [
			'Organisasjonsfondet',
			'Søk støtte til ideer som gjør studentlivet bedre.',
			'Organisasjonsfondet deler ut midler to ganger i året til prosjekter, arrangementer og nye foreninger. Alle medlemmer kan søke.',
			'Søknaden skal beskrive hva pengene skal brukes til, hvem som har nytte av det, og et enkelt budsjett. Fondsstyret svarer innen fire uker etter fristen.',
			'Søknadsfristene er 1. mars og 1. oktober.'
		],
		en: [
			'Organisation fund',
			'Apply for support for ideas that make student life better.',
			'The organisation fund awards money twice a year to projects, events and new societies. Every member can apply.',
			'The application should describe what the money will be used for, who benefits and a simple budget. The fund board replies within four weeks of the deadline.',
			'The deadlines are 1 March and 1 October.'
		]
	},
	{
		slug: 'business-hotspot',
		no: [
			'Business hotspot',
			'Et møtested for studenter som vil starte noe eget.',
			'Business hotspot er et åpent kontorfellesskap for studentbedrifter og gründere. Her får du arbeidsplass, veiledning og et nettverk av andre som bygger noe nytt.',
			'Hver måned arrangerer vi pitchekvelder og verksteder med erfarne gründere og investorer.',
			'Søk om plass ved å sende en kort beskrivelse av ideen din til hotspot@example.org.'
		],
		en: [
			'Business hotspot',
			'A meeting place for students who want to start something of their own.',
			'Business hotspot is an open co-working space for student companies and founders. You get a desk, guidance and a network of others who are building something new.',
			'Every month we hold pitch nights and workshops with experienced founders and investors.',
			'Apply for a desk by sending a short description of your idea to hotspot@example.org.'
		]
	},
	{
		slug: 'press',
		no: [
			'Presse',
			'Informasjon for journalister og presse.',
			'Organisasjonen uttaler seg gjerne om saker som angår studenter. Henvendelser fra presse besvares av sentralstyrets leder eller kommunikasjonsansvarlig.',
			'Logoer og pressebilder kan fritt brukes i omtale av organisasjonen.',
			'Pressekontakt: presse@example.org, telefon 22 00 00 00.'
		],
		en: [
			'Press',
			'Information for journalists and the press.',
			'The organisation is happy to comment on issues that affect students. Press enquiries are answered by the chair of the central board or the head of communications.',
			'Logos and press photos may be used freely when covering the organisation.',
			'Press contact: presse@example.org, phone +47 22 00 00 00.'
		]
	},
	{
		slug: 'membership',
		no: [
			'Medlemskap',
			'Bli medlem og få mer ut av studietiden.',
			'Som medlem får du rabatt på arrangementer og i nettbutikken, stemmerett på generalforsamlingen og mulighet til å søke støtte fra organisasjonsfondet.',
			'Du kjøper medlemskap på nett her på siden, for ett semester eller et helt studieår. Studenter betaler redusert pris. Medlemskapet gjelder på alle campusene våre.',
			'Du må være logget inn for å kjøpe, fordi medlemskapet hører til kontoen din. Kjøper du en ny periode før den gamle er ute, forlenges medlemskapet.'
		],
		en: [
			'Membership',
			'Become a member and get more out of your studies.',
			'As a member you get discounts on events and in the shop, a vote at the general assembly and the chance to apply for support from the organisation fund.',
			'You buy membership online on this page, for one semester or a full academic year. Students pay a reduced price. Membership applies on all our campuses.',
			'You need to be signed in to buy, because the membership belongs to your account. Buying a new period before the old one ends extends your membership.'
		],
		keywords: {
			no: 'pris, kontingent, medlemsavgift, bli medlem, melde seg inn',
			en: 'price, fee, dues, join, sign up'
		}
	},
	{
		slug: 'contact',
		no: [
			'Kontakt oss',
			'Slik får du tak i oss.',
			'Administrasjonen er åpen hverdager fra 09.00 til 15.00. Kontoret vårt er i studentsenteret på campus Oslo, Campusveien 1, 0371 Oslo.',
			'E-post: post@example.org. Telefon: 22 00 00 00.',
			'For spørsmål om en enhet eller et arrangement, kontakt styret på campusen det gjelder. Kontaktinformasjon finner du på enhetssidene.'
		],
		en: [
			'Contact us',
			'How to reach us.',
			'The administration is open on weekdays from 09:00 to 15:00. Our office is in the student centre on the Oslo campus, Campusveien 1, 0371 Oslo.',
			'Email: post@example.org. Phone: +47 22 00 00 00.',
			'For questions about a unit or an event, contact the board of the campus concerned. Contact details are on the unit pages.'
		],
		keywords: {
			no: 'kontor, adresse, besøksadresse, lokaler, telefonnummer',
			en: 'office, address, visiting address, location, phone number'
		}
	},
	{
		slug: 'policies/code-of-conduct',
		no: [
			'Etiske retningslinjer',
			'Hvordan vi oppfører oss mot hverandre som frivillige og medlemmer.',
			'Alle som representerer organisasjonen skal opptre respektfullt, inkluderende og ærlig. Vi behandler hverandre likt uansett kjønn, legning, funksjonsevne, religion og bakgrunn.',
			'Tillitsvalgte skal ikke bruke vervet til egen vinning og skal melde fra om mulige interessekonflikter.',
			'Brudd på retningslinjene kan meldes til sentralstyret eller trygghetskontaktene, og behandles konfidensielt.'
		],
		en: [
			'Code of conduct',
			'How we treat each other as volunteers and members.',
			'Everyone who represents the organisation shall act respectfully, inclusively and honestly. We treat each other equally regardless of gender, orientation, disability, religion and background.',
			'Elected representatives shall not use their role for personal gain and shall declare possible conflicts of interest.',
			'Breaches of the code can be reported to the central board or the safety contacts, and are handled confidentially.'
		]
	},
	{
		slug: 'policies/expenses',
		no: [
			'Retningslinjer for utlegg',
			'Slik får du tilbake penger du har lagt ut for organisasjonen.',
			'Utlegg må være godkjent av styret eller budsjettansvarlig før kjøpet gjøres. Kvittering må alltid legges ved.',
			'Send refusjonskravet i [utleggssystemet](/no/fs) senest 30 dager etter kjøpet. Kravet behandles av økonomiansvarlig, og pengene utbetales normalt innen to uker.',
			'Alkohol dekkes ikke av organisasjonens midler.'
		],
		en: [
			'Expense policy',
			'How to get back money you have spent on behalf of the organisation.',
			'Expenses must be approved by the board or the budget holder before the purchase is made. A receipt must always be attached.',
			'Submit the claim in [the expense system](/en/fs) no later than 30 days after the purchase. The claim is handled by the head of finance, and the money is normally paid within two weeks.',
			'Alcohol is not covered by the organisation’s funds.'
		],
		keywords: {
			no: 'refusjon, refundere, tilbakebetaling, utleggskrav, reiseregning, kvittering',
			en: 'reimbursement, reimburse, refund, repayment, expense claim, receipt'
		}
	}
];

function pageRow({ slug, no, en, keywords }: PageSeed) {
	const [titleNo, summaryNo, ...bodyNo] = no;
	const [titleEn, summaryEn, ...bodyEn] = en;
	return {
		slug,
		title_no: titleNo,
		title_en: titleEn,
		summary_no: summaryNo,
		summary_en: summaryEn,
		body_no: bodyNo.join('\n\n'),
		body_en: bodyEn.join('\n\n'),
		keywords_no: keywords?.no ?? '',
		keywords_en: keywords?.en ?? ''
	};
}

export async function seedContent(trx: Transaction<Database>, now: Date): Promise<void> {
	await trx.insertInto('pages').values(PAGES.map(pageRow)).execute();
	await trx
		.updateTable('pages')
		.set({
			body_no:
				'Vi er en frivillig organisasjon drevet av studenter, for studenter.\n\nPå våre tre campuser arrangerer vi alt fra fadderuke og julebord til karrieredager og debatter, og vi passer på at studentenes stemme blir hørt.\n\nHer kan du lese mer om hvem vi er, hvordan vi er organisert og hva vi jobber for.',
			body_en:
				'We are a volunteer organisation run by students, for students.\n\nOn our three campuses we organise everything from the buddy week and the Christmas party to career days and debates, and we make sure the students’ voice is heard.\n\nHere you can read more about who we are, how we are organised and what we work for.'
		})
		.where('slug', '=', 'about')
		.execute();

	await trx
		.insertInto('jobs')
		.values({
			id: 'job-photographer',
			slug: 'photographer',
			unit_id: 'events-oslo',
			deadline: new Date(now.getTime() - 5 * DAY).toISOString(),
			apply_url: 'mailto:arrangement@example.org',
			title_no: 'Fotograf',
			title_en: 'Photographer',
			summary_no: 'Ta bilder på arrangementene våre.',
			summary_en: 'Take photos at our events.',
			body_no: 'Du dokumenterer fester og foredrag og leverer bilder til nettsiden.',
			body_en: 'You cover parties and talks and deliver photos for the website.'
		})
		.execute();

	await trx
		.insertInto('projects')
		.values([
			{
				id: 'proj-housing',
				slug: 'student-housing',
				unit_id: 'board-oslo',
				status: 'active',
				started_at: new Date(now.getTime() - 120 * DAY).toISOString(),
				image: null,
				sort: 1,
				title_no: 'Flere studentboliger',
				title_en: 'More student housing',
				summary_no: 'Vi jobber for at flere studenter skal få et trygt og rimelig sted å bo.',
				summary_en: 'We work to give more students a safe and affordable place to live.',
				body_no:
					'Boligmangelen rammer studentene hardt hvert høstsemester. Prosjektet kartlegger boligsituasjonen på alle tre campusene.\n\nSammen med studentsamskipnaden legger vi fram forslag til kommunene om nye tomter og raskere byggesaker.\n\nVil du bidra? Svar på boligundersøkelsen vår eller bli med i prosjektgruppen.',
				body_en:
					'The housing shortage hits students hard every autumn semester. The project maps the housing situation on all three campuses.\n\nTogether with the student welfare organisation we present proposals to the municipalities for new sites and faster planning decisions.\n\nWant to help? Answer our housing survey or join the project group.'
			},
			{
				id: 'proj-green-campus',
				slug: 'green-campus',
				unit_id: null,
				status: 'completed',
				started_at: new Date(now.getTime() - 400 * DAY).toISOString(),
				image: null,
				sort: 2,
				title_no: 'Grønn campus',
				title_en: 'Green campus',
				summary_no: 'Kildesortering, gjenbruk og vegetarmat på alle arrangementer.',
				summary_en: 'Waste sorting, reuse and vegetarian food at every event.',
				body_no:
					'Grønn campus startet som et initiativ fra studentene i Bergen og ble til et felles prosjekt for hele organisasjonen.\n\nI løpet av prosjektet innførte vi kildesortering i alle lokaler, en bytteordning for brukte lærebøker og vegetar som standard på arrangementene.\n\nProsjektet er avsluttet, men tiltakene videreføres av styrene.',
				body_en:
					'Green campus started as an initiative from the students in Bergen and became a joint project for the whole organisation.\n\nDuring the project we introduced waste sorting in all premises, a swap scheme for used textbooks and vegetarian food as the default at events.\n\nThe project has ended, but the measures are carried on by the boards.'
			}
		])
		.execute();
}
