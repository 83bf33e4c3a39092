// Demo registrations (issue 32), so the whole flow can be tried on a fresh machine: a free event
// open now in two pools with seats left, one that opens tomorrow at noon (the countdown), a paid
// one (only when payments can be taken: the engine refuses a price without a provider), and a full
// one whose demo members are confirmed and waiting. Written through the engine's own steps (its
// checks, its seat and queue order) inside seedDemo's transaction. The events start two weeks
// after the seeding and later, behind the demo's other events, so the home page's soonest three
// stay as they were; the demo members have no password and cannot sign in.
import type { Transaction } from 'kysely';
import { osloDayStart, osloWallTime } from '$lib/oslo-time';
import { registerPerson } from '../registration/register';
import { writeSettings } from '../registration/settings';
import { SettingsInput } from '../registration/types';
import type { Database } from './schema';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Noon in Oslo `days` after the Oslo day of `now` (exact across summer time). */
function osloNoon(now: Date, days: number): Date {
	const w = osloWallTime(now);
	const today = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
	const guess = Date.parse(osloDayStart(today, days)) + 12 * HOUR;
	return new Date(guess - (osloWallTime(new Date(guess)).hour - 12) * HOUR);
}

const DEMO_MEMBERS: [name: string, locale: 'no' | 'en'][] = [
	['Ingrid Berg', 'no'],
	['Ola Nordmann', 'no'],
	['Sofie Hansen', 'no'],
	['Jonas Johansen', 'no'],
	['Emma Larsen', 'en'],
	['Aksel Nilsen', 'no'],
	['Nora Pedersen', 'no'],
	['Lucas Kristiansen', 'en'],
	['Maja Andersen', 'no'],
	['Filip Olsen', 'no'],
	['Sara Eriksen', 'en'],
	['Henrik Dahl', 'no']
];

/** How many demo members the seed makes (accounts without a password). */
export const DEMO_MEMBER_COUNT = DEMO_MEMBERS.length;

const demoMemberId = (i: number) => `demo-member-${i + 1}`;

interface DemoEvent {
	id: string;
	campus: string;
	unit: string;
	location: string;
	/** Days after the seeding it starts, at 18:00 Oslo time, for `hours`. */
	inDays: number;
	hours: number;
	priceOre: number | null;
	title: [no: string, en: string];
	summary: [no: string, en: string];
	body: [no: string, en: string];
}

const EVENTS: DemoEvent[] = [
	{
		id: 'evt-quiz',
		campus: 'oslo',
		unit: 'events-oslo',
		location: 'Kafé Kjelleren',
		inDays: 14,
		hours: 3,
		priceOre: null,
		title: ['Quizkveld', 'Quiz night'],
		summary: [
			'Lag på fire, seks runder og premie til vinnerne.',
			'Teams of four, six rounds and a prize for the winners.'
		],
		body: [
			'Meld deg på her. Ta med godt humør, vi har blyantene.',
			'Sign up here. Bring good spirits; we have the pencils.'
		]
	},
	{
		id: 'evt-cabin-trip',
		campus: 'trondheim',
		unit: 'board-trondheim',
		location: 'Oppdal',
		inDays: 16,
		hours: 48,
		priceOre: null,
		title: ['Hyttetur til Oppdal', 'Cabin trip to Oppdal'],
		summary: [
			'En helg på fjellet med ski, vafler og badstue.',
			'A weekend in the mountains with skiing, waffles and a sauna.'
		],
		body: [
			'Påmeldingen åpner i morgen klokka 12. Følg med på nedtellingen.',
			'Sign-up opens tomorrow at noon. Keep an eye on the countdown.'
		]
	},
	{
		id: 'evt-gala',
		campus: 'oslo',
		unit: 'board-oslo',
		location: 'Universitetets aula',
		inDays: 18,
		hours: 6,
		priceOre: 44_900,
		title: ['Vintergalla', 'Winter gala'],
		summary: [
			'Tre retter, taler og dans til langt på natt.',
			'Three courses, speeches and dancing late into the night.'
		],
		body: ['Plassen er din når den er betalt.', 'Your seat is yours once it is paid.']
	},
	{
		id: 'evt-cooking',
		campus: 'bergen',
		unit: 'sport-bergen',
		location: 'Skolekjøkkenet',
		inDays: 20,
		hours: 3,
		priceOre: null,
		title: ['Matlagingskurs', 'Cooking class'],
		summary: ['Lær å lage billig og sunn mat.', 'Learn to cook cheap and healthy food.'],
		body: [
			'Kurset er fullt, men ventelisten er åpen.',
			'The class is full, but the waiting list is open.'
		]
	}
];

function eventRow(e: DemoEvent, now: Date) {
	const starts = osloNoon(now, e.inDays).getTime() + 6 * HOUR;
	return {
		id: e.id,
		campus_id: e.campus,
		unit_id: e.unit,
		category: 'social',
		location: e.location,
		starts_at: new Date(starts).toISOString(),
		ends_at: new Date(starts + e.hours * HOUR).toISOString(),
		price_ore: e.priceOre,
		capacity: null,
		image: null,
		product_id: null,
		title_no: e.title[0],
		title_en: e.title[1],
		summary_no: e.summary[0],
		summary_en: e.summary[1],
		body_no: e.body[0],
		body_en: e.body[1]
	};
}

/** Each event's registration, as its organiser would save it. */
function settingsOf(now: Date): Record<string, SettingsInput> {
	const open = { enabled: true, opensAt: new Date(now.getTime() - 2 * DAY).toISOString() };
	const closes = (e: string) => {
		const starts = osloNoon(now, EVENTS.find((x) => x.id === e)!.inDays).getTime();
		return new Date(starts - DAY).toISOString();
	};
	return {
		'evt-quiz': {
			...open,
			closesAt: closes('evt-quiz'),
			capacity: 48,
			pools: [
				{ nameNo: 'Medlemmer', nameEn: 'Members', seats: 32, eligibility: 'members' },
				{ nameNo: 'Alle studenter', nameEn: 'All students', seats: 16, eligibility: 'everyone' }
			]
		},
		'evt-cabin-trip': {
			enabled: true,
			opensAt: osloNoon(now, 1).toISOString(),
			closesAt: closes('evt-cabin-trip'),
			capacity: 30
		},
		'evt-gala': {
			...open,
			closesAt: closes('evt-gala'),
			unregisterBy: closes('evt-gala'),
			capacity: 150,
			priceMemberOre: 29_900,
			priceOtherOre: 44_900,
			questionNo: 'Allergier eller andre behov for maten?',
			questionEn: 'Allergies or other dietary needs?'
		},
		'evt-cooking': { ...open, closesAt: closes('evt-cooking'), capacity: 8 }
	};
}

/** Who registers where, in this order: three at the quiz, twelve for the cooking class's eight seats. */
const REGISTERED: [eventId: string, members: number][] = [
	['evt-quiz', 3],
	['evt-cooking', DEMO_MEMBERS.length]
];

export async function seedRegistration(
	trx: Transaction<Database>,
	now: Date,
	options: { canTakePayments: boolean }
): Promise<void> {
	await trx
		.insertInto('users')
		.values(
			DEMO_MEMBERS.map(([name, locale], i) => ({
				id: demoMemberId(i),
				email: `${demoMemberId(i)}@example.org`,
				name,
				password_hash: null,
				locale,
				created_at: now.toISOString(),
				email_verified_at: now.toISOString(),
				deleted_at: null
			}))
		)
		.execute();
	await trx
		.insertInto('events')
		.values(EVENTS.map((e) => eventRow(e, now)))
		.execute();
	for (const [eventId, input] of Object.entries(settingsOf(now))) {
		if (input.priceMemberOre && !options.canTakePayments) continue;
		const settings = SettingsInput.parse(input);
		await writeSettings(trx, eventId, null, settings, {
			canTakePayments: options.canTakePayments,
			now
		});
	}
	for (const [eventId, count] of REGISTERED) {
		for (let i = 0; i < count; i++) {
			await registerPerson(trx, eventId, demoMemberId(i), null, now);
		}
	}
}
