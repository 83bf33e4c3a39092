// The registration domain's inputs (zod: the one source of their types), its answers and its
// refusals. A refusal that carries more than a code (when registration opens, why someone is not
// eligible) is a subclass of the shared error it means, so the web edge maps it like any other.
import { z } from 'zod';
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

/** A person's answer: always final, never "pending". */
export type Mine =
	| {
			status: 'confirmed';
			pool: { id: string; name: { no: string; en: string } } | null;
			late?: boolean;
			/** A paid event's seat not paid yet: paid by then, or it goes to the next in line. */
			payBy?: string;
			/** A paid event's seat: its order (the order page pays it, and shows the receipt). */
			orderId?: string;
	  }
	| { status: 'waiting'; position: number }
	/** Registered in a draw's window: placed by the draw at `drawAt`. */
	| { status: 'entered'; drawAt: string }
	| { status: 'none' };

export interface Overview {
	open: boolean;
	opensAt: string;
	closesAt: string;
	capacity: number;
	confirmed: number;
	waiting: number;
	pools: { id: string; name: { no: string; en: string }; capacity: number; confirmed: number }[];
	mine: Mine;
}

/** Why a person may not register: what the pools of the event ask for. */
export type IneligibleReason =
	| { eligibility: 'members' }
	| { eligibility: 'units'; unitIds: string[] }
	| { eligibility: 'campus'; campusId: string };

export class NotOpenYet extends Conflict {
	constructor(readonly opensAt: string) {
		super('registration has not opened yet', 'not_open');
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
