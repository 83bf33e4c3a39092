// Demo content in Norwegian and English, written once on first start so a fresh machine shows a
// living site. Dates are relative to the seeding moment so upcoming events start out upcoming.
import type { Db } from './index';
import { seedContent } from './seed-content';
import { seedRegistration } from './seed-registration';

const DAY = 86_400_000;

function at(now: Date, days: number, hour: number): string {
	const d = new Date(now.getTime() + days * DAY);
	d.setUTCHours(hour - 1, 0, 0, 0); // Oslo is UTC+1 in winter; close enough for demo data
	return d.toISOString();
}

/** `canTakePayments`: whether a payment provider is configured, so the paid demo event can have its price. */
export async function seedDemo(
	db: Db,
	now = new Date(),
	options: { canTakePayments: boolean } = { canTakePayments: false }
): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const done = await trx
			.selectFrom('app_meta')
			.select('value')
			.where('key', '=', 'seeded_at')
			.executeTakeFirst();
		if (done) return false;

		await trx
			.insertInto('campuses')
			.values([
				{ id: 'oslo', name: 'Oslo', sort: 1 },
				{ id: 'bergen', name: 'Bergen', sort: 2 },
				{ id: 'trondheim', name: 'Trondheim', sort: 3 }
			])
			.execute();

		await trx
			.insertInto('units')
			.values([
				{
					id: 'board-oslo',
					campus_id: 'oslo',
					type: 'board',
					sort: 1,
					name_no: 'Styret i Oslo',
					name_en: 'Oslo Board',
					summary_no: 'Styret leder organisasjonen på campus Oslo.',
					summary_en: 'The board leads the organisation on the Oslo campus.',
					body_no:
						'Styret møtes hver uke og har ansvar for økonomi, arrangementer og studentpolitikk.',
					body_en:
						'The board meets every week and is responsible for finances, events and student politics.'
				},
				{
					id: 'events-oslo',
					campus_id: 'oslo',
					type: 'department',
					sort: 2,
					name_no: 'Arrangementsutvalget',
					name_en: 'Events Committee',
					summary_no: 'Vi lager fester, foredrag og turer.',
					summary_en: 'We make parties, talks and trips.',
					body_no:
						'Arrangementsutvalget planlegger semesterstart, julebord og bedriftspresentasjoner.',
					body_en:
						'The events committee plans the semester kick-off, the Christmas party and company talks.'
				},
				{
					id: 'sport-bergen',
					campus_id: 'bergen',
					type: 'department',
					sort: 3,
					name_no: 'Idrettslaget',
					name_en: 'Sports Club',
					summary_no: 'Fotball, klatring og løping for alle nivåer.',
					summary_en: 'Football, climbing and running for every level.',
					body_no: 'Idrettslaget har treninger tre dager i uka og en cup hver vår.',
					body_en: 'The sports club trains three days a week and holds a cup every spring.'
				},
				{
					id: 'board-trondheim',
					campus_id: 'trondheim',
					type: 'board',
					sort: 4,
					name_no: 'Styret i Trondheim',
					name_en: 'Trondheim Board',
					summary_no: 'Styret leder organisasjonen på campus Trondheim.',
					summary_en: 'The board leads the organisation on the Trondheim campus.',
					body_no: 'Styret i Trondheim samarbeider tett med studentrådet.',
					body_en: 'The Trondheim board works closely with the student council.'
				}
			])
			.execute();

		// The categories events and products choose from, named in both languages (migration 021).
		await trx
			.insertInto('categories')
			.values(
				(
					[
						['social', 'event', 'Sosialt', 'Social'],
						['career', 'event', 'Karriere', 'Career'],
						['sport', 'event', 'Idrett', 'Sports'],
						['politics', 'event', 'Politikk', 'Politics'],
						['academic', 'event', 'Faglig', 'Academic'],
						['culture', 'event', 'Kultur', 'Culture'],
						['clothing', 'product', 'Klær', 'Clothing'],
						['merch', 'product', 'Effekter', 'Merchandise'],
						['ticket', 'product', 'Billetter', 'Tickets']
					] as const
				).map(([id, kind, name_no, name_en], i) => ({
					id,
					kind,
					name_no,
					name_en,
					sort: (i + 1) * 10
				}))
			)
			.execute();

		await trx
			.insertInto('products')
			.values([
				{
					id: 'prod-hoodie',
					slug: 'hoodie',
					unit_id: 'board-oslo',
					category: 'clothing',
					price_ore: 49_900,
					member_price_ore: 39_900,
					stock: 25,
					max_per_order: 5,
					image: '/images/products/hoodie.svg',
					featured: 1,
					active: 1,
					name_no: 'Hettegenser',
					name_en: 'Hoodie',
					description_no: 'Myk hettegenser i økologisk bomull med organisasjonens logo.',
					description_en: 'Soft organic cotton hoodie with the organisation logo.'
				},
				{
					id: 'prod-mug',
					slug: 'mug',
					unit_id: 'board-oslo',
					category: 'merch',
					price_ore: 14_900,
					member_price_ore: null,
					stock: 10,
					max_per_order: 4,
					image: '/images/products/mug.svg',
					featured: 1,
					active: 1,
					name_no: 'Kaffekopp',
					name_en: 'Coffee mug',
					description_no: 'Kopp til lange lesedager.',
					description_en: 'A mug for long study days.'
				},
				{
					id: 'prod-julebord',
					slug: 'julebord-ticket',
					unit_id: 'events-oslo',
					category: 'ticket',
					price_ore: 35_000,
					member_price_ore: 25_000,
					stock: 120,
					max_per_order: 2,
					image: '/images/products/ticket.svg',
					featured: 1,
					active: 1,
					name_no: 'Billett til julebordet',
					name_en: 'Christmas party ticket',
					description_no: 'Middag, show og fest. Billetten gjelder én person.',
					description_en: 'Dinner, show and party. The ticket admits one person.'
				},
				{
					id: 'prod-sticker',
					slug: 'sticker',
					unit_id: null,
					category: 'merch',
					price_ore: 2_000,
					member_price_ore: null,
					stock: null,
					max_per_order: 20,
					image: '/images/products/sticker.svg',
					featured: 0,
					active: 1,
					name_no: 'Klistremerke',
					name_en: 'Sticker',
					description_no: 'Til PC-en din.',
					description_en: 'For your laptop.'
				}
			])
			.execute();

		await trx
			.insertInto('events')
			.values([
				{
					id: 'evt-julebord',
					campus_id: 'oslo',
					unit_id: 'events-oslo',
					category: 'social',
					location: 'Chateau Neuf, Oslo',
					starts_at: at(now, 12, 19),
					ends_at: at(now, 13, 1),
					price_ore: 35_000,
					capacity: 120,
					image: null,
					product_id: 'prod-julebord',
					title_no: 'Julebord',
					title_en: 'Christmas party',
					summary_no: 'Årets store fest med middag og show.',
					summary_en: 'The party of the year with dinner and a show.',
					body_no: 'Ta med vennene dine til årets julebord. Billetter selges i nettbutikken.',
					body_en:
						'Bring your friends to this year’s Christmas party. Tickets are sold in the shop.'
				},
				{
					id: 'evt-career',
					campus_id: 'bergen',
					unit_id: null,
					category: 'career',
					location: 'Aula, Bergen',
					starts_at: at(now, 5, 12),
					ends_at: at(now, 5, 15),
					price_ore: null,
					capacity: 200,
					image: null,
					product_id: null,
					title_no: 'Karrieredag',
					title_en: 'Career day',
					summary_no: 'Møt arbeidsgivere og få CV-hjelp.',
					summary_en: 'Meet employers and get help with your CV.',
					body_no: 'Over tjue bedrifter stiller med stand. Gratis for alle studenter.',
					body_en: 'More than twenty companies have stands. Free for all students.'
				},
				{
					id: 'evt-climbing',
					campus_id: 'bergen',
					unit_id: 'sport-bergen',
					category: 'sport',
					location: 'Klatreverket, Bergen',
					starts_at: at(now, 2, 18),
					ends_at: at(now, 2, 21),
					price_ore: 5_000,
					capacity: 30,
					image: null,
					product_id: null,
					title_no: 'Klatrekveld for nybegynnere',
					title_en: 'Climbing night for beginners',
					summary_no: 'Vi låner ut utstyr og viser deg tauet.',
					summary_en: 'We lend you the gear and show you the ropes.',
					body_no: 'Ingen erfaring nødvendig. Sko og sele er inkludert i prisen.',
					body_en: 'No experience needed. Shoes and harness are included in the price.'
				},
				{
					id: 'evt-debate',
					campus_id: 'trondheim',
					unit_id: 'board-trondheim',
					category: 'politics',
					location: 'Gløshaugen, Trondheim',
					starts_at: at(now, -20, 17),
					ends_at: at(now, -20, 19),
					price_ore: null,
					capacity: null,
					image: null,
					product_id: null,
					title_no: 'Debatt om studiefinansiering',
					title_en: 'Debate on student finance',
					summary_no: 'Politikere svarer studentene.',
					summary_en: 'Politicians answer the students.',
					body_no: 'Et åpent møte om stipend, lån og boliger.',
					body_en: 'An open meeting on grants, loans and housing.'
				}
			])
			.execute();

		await trx
			.insertInto('news')
			.values([
				{
					id: 'news-new-board',
					unit_id: 'board-oslo',
					published_at: at(now, -3, 10),
					image: null,
					title_no: 'Nytt styre valgt i Oslo',
					title_en: 'New board elected in Oslo',
					summary_no: 'Generalforsamlingen valgte et nytt styre for neste år.',
					summary_en: 'The general assembly elected a new board for next year.',
					body_no: 'Det nye styret tar over 1. januar. Takk til alle som stilte til valg.',
					body_en:
						'The new board takes over on 1 January. Thanks to everyone who stood for election.'
				},
				{
					id: 'news-shop-open',
					unit_id: null,
					published_at: at(now, -7, 9),
					image: null,
					title_no: 'Nettbutikken er åpen',
					title_en: 'The online shop is open',
					summary_no: 'Kjøp hettegensere, kopper og billetter på nett.',
					summary_en: 'Buy hoodies, mugs and tickets online.',
					body_no: 'Medlemmer får rabatt på utvalgte varer.',
					body_en: 'Members get a discount on selected items.'
				},
				{
					id: 'news-cup',
					unit_id: 'sport-bergen',
					published_at: at(now, -14, 12),
					image: null,
					title_no: 'Idrettslaget vant vårcupen',
					title_en: 'Sports club won the spring cup',
					summary_no: 'Fotballaget tok gull etter straffekonkurranse.',
					summary_en: 'The football team took gold after a penalty shoot-out.',
					body_no: 'Gratulerer til alle spillerne!',
					body_en: 'Congratulations to every player!'
				}
			])
			.execute();

		await trx
			.insertInto('jobs')
			.values([
				{
					id: 'job-treasurer',
					slug: 'treasurer-oslo',
					unit_id: 'board-oslo',
					deadline: at(now, 21, 23),
					apply_url: 'mailto:styret.oslo@example.org',
					title_no: 'Økonomiansvarlig i styret',
					title_en: 'Treasurer on the board',
					summary_no: 'Har du kontroll på tall? Bli med i styret.',
					summary_en: 'Good with numbers? Join the board.',
					body_no: 'Du fører regnskap og behandler utlegg sammen med daglig leder.',
					body_en: 'You keep the accounts and handle expense claims with the general manager.'
				},
				{
					id: 'job-designer',
					slug: 'designer',
					unit_id: 'events-oslo',
					deadline: at(now, 10, 23),
					apply_url: 'mailto:arrangement@example.org',
					title_no: 'Grafisk designer',
					title_en: 'Graphic designer',
					summary_no: 'Lag plakater og profil for arrangementene våre.',
					summary_en: 'Design posters and the look of our events.',
					body_no: 'Frivillig verv, ca. fem timer i uka.',
					body_en: 'Volunteer role, about five hours a week.'
				}
			])
			.execute();

		await trx
			.insertInto('pages')
			.values([
				{
					slug: 'about',
					title_no: 'Om oss',
					title_en: 'About us',
					summary_no: 'Studentorganisasjonen for alle studenter på våre campuser.',
					summary_en: 'The student organisation for every student on our campuses.',
					body_no: 'Vi er en frivillig organisasjon drevet av studenter, for studenter.',
					body_en: 'We are a volunteer organisation run by students, for students.'
				}
			])
			.execute();

		await seedContent(trx, now);
		await seedRegistration(trx, now, options);

		await trx
			.insertInto('app_meta')
			.values({ key: 'seeded_at', value: now.toISOString() })
			.execute();
		return true;
	});
}
