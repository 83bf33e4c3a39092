// The registration domain's inputs (zod: the one source of their types), its answers and its
// refusals. A refusal that carries more than a code (when registration opens, why someone is not
// eligible) is a subclass of the shared error it means, so the web edge maps it like any other.
import { z } from 'zod';
import { MineResponse, RegistrationResponse } from '$lib/schemas/registration';
import type { MarksOutlook } from '../attendance/marks';
import { Conflict, Forbidden } from '../errors';

export const Eligibility = z.enum(['everyone', 'members', 'units', 'campus']);
export type Eligibility = z.infer<typeof Eligibility>;

const instant = z.iso.datetime().transform((s) => new Date(s).toISOString());
const ore = z.number().int().min(0).max(100_000_000);
const question = z.string().trim().min(1).max(500).nullable();

export const PoolInput = z
	.object({
		/** A pool kept from the saved settings; absent: a new pool. */
		id: z.string().min(1).max(64).optional(),
		nameNo: z.string().trim().min(1).max(100),
		nameEn: z.string().trim().min(1).max(100),
		seats: z.number().int().min(0).max(100_000),
		eligibility: Eligibility,
		unitIds: z.array(z.string().min(1).max(100)).max(50).default([]),
		campusId: z.string().min(1).max(100).nullable().default(null)
	})
	.refine((p) => p.eligibility !== 'units' || p.unitIds.length > 0, {
		message: 'a pool for units names at least one unit',
		path: ['unitIds']
	})
	.refine((p) => p.eligibility !== 'campus' || p.campusId !== null, {
		message: 'a pool for a campus names the campus',
		path: ['campusId']
	});
export type PoolInput = z.input<typeof PoolInput>;

export const SettingsInput = z
	.object({
		enabled: z.boolean(),
		opensAt: instant,
		closesAt: instant,
		unregisterBy: instant.nullable().default(null),
		lateUnregister: z.boolean().default(false),
		capacity: z.number().int().min(0).max(100_000),
		mode: z.enum(['first_come', 'draw']).default('first_come'),
		drawMinutes: z
			.number()
			.int()
			.min(1)
			.max(24 * 60)
			.nullable()
			.default(null),
		mergeAt: instant.nullable().default(null),
		priceMemberOre: ore.nullable().default(null),
		priceOtherOre: ore.nullable().default(null),
		questionNo: question.default(null),
		questionEn: question.default(null),
		answerKeepDays: z.number().int().min(0).max(3650).default(30),
		/** A paid seat given up is refunded through the provider; otherwise the payment is kept. */
		refundOnUnregister: z.boolean().default(false),
		pools: z.array(PoolInput).max(20).default([])
	})
	.refine((s) => s.mode !== 'draw' || s.drawMinutes !== null, {
		message: 'a draw needs its window in minutes',
		path: ['drawMinutes']
	})
	.refine((s) => (s.questionNo === null) === (s.questionEn === null), {
		message: 'the question is asked in both languages or in neither',
		path: ['questionEn']
	});
export type SettingsInput = z.input<typeof SettingsInput>;
export type Settings = z.output<typeof SettingsInput>;

export const RegisterInput = z.object({
	answer: z.string().trim().max(500).nullable().default(null)
});
export type RegisterInput = z.input<typeof RegisterInput>;

export const RemovalInput = z.object({
	userId: z.string().min(1).max(100),
	reason: z.string().trim().min(1).max(500)
});
export type RemovalInput = z.input<typeof RemovalInput>;

/** An organiser adds a person by their account's e-mail; to a pool, or wherever a seat is free. */
export const AddInput = z.object({
	email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
	poolId: z.string().min(1).max(64).nullable().default(null)
});
export type AddInput = z.input<typeof AddInput>;

/** An organiser moves a person (confirmed or waiting) to a seat in another pool of the event. */
export const MoveInput = z.object({
	userId: z.string().min(1).max(100),
	poolId: z.string().min(1).max(64)
});
export type MoveInput = z.input<typeof MoveInput>;

const subject = z.string().trim().min(1).max(200);
const body = z.string().trim().min(1).max(10_000);

/**
 * A message from the organiser to the attendees or to the waiting list. Written in Norwegian, and
 * in English too when the organiser wants those who chose English to read it in English.
 */
export const MessageInput = z
	.object({
		audience: z.enum(['confirmed', 'waiting']),
		subjectNo: subject,
		textNo: body,
		subjectEn: subject.nullable().default(null),
		textEn: body.nullable().default(null)
	})
	.refine((m) => (m.subjectEn === null) === (m.textEn === null), {
		message: 'the English message has a subject and a text, or neither',
		path: ['textEn']
	});
export type MessageInput = z.input<typeof MessageInput>;
export type Message = z.output<typeof MessageInput>;

export interface Pool {
	id: string;
	sort: number;
	name: { no: string; en: string };
	seats: number;
	eligibility: Eligibility;
	unitIds: string[];
	campusId: string | null;
}

/** An event's registration as stored: its settings and pools, in their order. */
export interface EventRegistration extends Omit<Settings, 'pools'> {
	eventId: string;
	unitId: string | null;
	title: { no: string; en: string };
	drawSeed: string | null;
	drawnAt: string | null;
	pools: Pool[];
}

/**
 * A person's answer: always final, never "pending". The API's wire shape
 * (`$lib/schemas/registration`), so the engine cannot answer what the API does not document.
 */
export type Mine = z.infer<typeof MineResponse>;

/** The counts and the member's own place: GET /api/events/{id}/registration's answer. */
export type Overview = z.infer<typeof RegistrationResponse>;

/** What the event page shows beside the counts: the question, the deadline, and who may not register. */
export interface MemberView extends Overview {
	question: { no: string; en: string } | null;
	unregisterBy: string | null;
	lateUnregister: boolean;
	/** What the pools ask for that the signed-in person lacks; null when they may register, or for a visitor. */
	ineligible: NamedReason[] | null;
	/** The signed-in person's marks: what they mean here, and what a late unregistration would give; null for a visitor. */
	marks: (MarksOutlook & { opensAt: string }) | null;
}

/** One of the person's registrations of an event not yet over (the profile's list). */
export interface MyRegistration {
	eventId: string;
	/** The event's address in each language. */
	slugs: { no: string; en: string };
	title: { no: string; en: string };
	startsAt: string;
	mine: Exclude<Mine, { status: 'none' }>;
}

/** An IneligibleReason with the names a page shows: the units' in both languages, the campus's. */
export type NamedReason =
	| { eligibility: 'members' }
	| { eligibility: 'units'; units: { no: string; en: string }[] }
	| { eligibility: 'campus'; campus: string };

/** Why a person may not register: what the pools of the event ask for. */
export type IneligibleReason =
	| { eligibility: 'members' }
	| { eligibility: 'units'; unitIds: string[] }
	| { eligibility: 'campus'; campusId: string };

/** One person on the organiser's lists. */
export interface Attendee {
	registrationId: string;
	userId: string;
	name: string;
	email: string | null;
	answer: string | null;
	/** The pool's id; null for an event without pools, or for someone waiting. */
	poolId: string | null;
	/** Whether the seat is paid; null while it has no order (a free event). */
	paid: boolean | null;
	late: boolean;
}

/** What the organiser sees: the settings, the seats per pool, the attendees and the waiting list. */
export interface AttendeeLists {
	registration: EventRegistration;
	confirmed: Attendee[];
	/** In line, in order: position 1 first. */
	waiting: (Attendee & { position: number })[];
	/** Registered in the draw's window, not drawn yet. */
	entered: Attendee[];
	/** The draw's seed and the order it gave, once drawn. */
	draw: {
		seed: string;
		at: string;
		order: { place: number; name: string; status: string }[];
	} | null;
	counts: { total: number; byPool: Map<string, number> };
}

export class NotOpenYet extends Conflict {
	/** `because` marks: it opens later for this person than for others (attendance/ladder.ts). */
	constructor(
		readonly opensAt: string,
		readonly because: 'marks' | null = null
	) {
		super('registration has not opened yet', because ? 'marks_delay' : 'not_open');
	}

	override get details() {
		return { opensAt: this.opensAt };
	}
}

export class NotEligible extends Forbidden {
	constructor(readonly reasons: IneligibleReason[]) {
		super('not eligible for this event', 'not_eligible');
	}

	override get details() {
		return { reasons: this.reasons };
	}
}
