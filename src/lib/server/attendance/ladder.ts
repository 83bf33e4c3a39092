// The marks ladder, pure: what a no-show or a late unregistration weighs, when a mark expires
// (counted in days from the event's date in Oslo, days inside a freeze not counting), and what a
// member's active marks mean for their next registration (a delay after the opening, or straight
// to the waiting list). No clock and no database here: callers pass `now` and the marks.
import { z } from 'zod';
import { toOsloInput } from '../content/oslo-time';

const monthDay = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'MM-DD');

/** A yearly period (e.g. 12-20 to 01-06, across the new year) whose days do not count toward expiry. */
export const Freeze = z.object({ from: monthDay, to: monthDay });
export type Freeze = z.infer<typeof Freeze>;

export const Consequence = z.discriminatedUnion('kind', [
	/** The member's registration opens this many minutes after everyone else's. */
	z.object({
		kind: z.literal('delay'),
		minutes: z
			.number()
			.int()
			.min(1)
			.max(30 * 24 * 60)
	}),
	/** The member is put on the waiting list, and gets a seat only once registration has closed. */
	z.object({ kind: z.literal('waitlist') })
]);
export type Consequence = z.infer<typeof Consequence>;

export const Ladder = z
	.object({
		noShowWeight: z.number().int().min(0).max(10),
		lateUnregisterWeight: z.number().int().min(0).max(10),
		/** Minutes after the event's start an arrival is still on time. */
		graceMinutes: z
			.number()
			.int()
			.min(0)
			.max(24 * 60),
		/** Days (not in a freeze) after the event's date that a mark counts. */
		expiryDays: z.number().int().min(1).max(3650),
		freezes: z.array(Freeze).max(10),
		/** From `marks` active marks (their weights summed) on, `consequence`; the highest step reached applies. */
		steps: z
			.array(z.object({ marks: z.number().int().min(1).max(100), consequence: Consequence }))
			.max(10)
	})
	.refine((l) => new Set(l.steps.map((s) => s.marks)).size === l.steps.length, {
		message: 'each step has its own number of marks',
		path: ['steps']
	});
export type Ladder = z.infer<typeof Ladder>;

/** The ladder until an admin sets one. */
export const DEFAULT_LADDER: Ladder = {
	noShowWeight: 1,
	lateUnregisterWeight: 1,
	graceMinutes: 15,
	expiryDays: 180,
	freezes: [
		{ from: '06-15', to: '08-15' },
		{ from: '12-20', to: '01-06' }
	],
	steps: [
		{ marks: 1, consequence: { kind: 'delay', minutes: 120 } },
		{ marks: 2, consequence: { kind: 'delay', minutes: 24 * 60 } },
		{ marks: 3, consequence: { kind: 'waitlist' } }
	]
};

export type MarkKind = 'no_show' | 'late_unregister';

export const weightOf = (ladder: Ladder, kind: MarkKind) =>
	kind === 'no_show' ? ladder.noShowWeight : ladder.lateUnregisterWeight;

const DAY = 86_400_000;

/** The Oslo calendar date of an instant, as a UTC midnight (for counting whole days). */
function osloDate(iso: string): number {
	return Date.parse(`${toOsloInput(iso).slice(0, 10)}T00:00:00Z`);
}

function isFrozen(day: number, freezes: readonly Freeze[]): boolean {
	const md = new Date(day).toISOString().slice(5, 10);
	return freezes.some((f) =>
		f.from <= f.to ? md >= f.from && md <= f.to : md >= f.from || md <= f.to
	);
}

/**
 * When a mark for an event on `eventAt` stops counting: the Oslo midnight after the
 * `expiryDays`-th day after the event's date that is in no freeze.
 */
export function expiryOf(ladder: Ladder, eventAt: string): string {
	let day = osloDate(eventAt);
	let counted = 0;
	// Bounded: a year has at most 366 days, and the freezes cannot cover all of one (they would
	// then freeze every mark forever), so ten years of days is more than enough for 3,650.
	for (let i = 0; counted < ladder.expiryDays && i < 20 * 366; i++) {
		day += DAY;
		if (!isFrozen(day, ladder.freezes)) counted++;
	}
	const wall = new Date(day + DAY).toISOString().slice(0, 16);
	// The Oslo midnight as an instant: midnight UTC less Oslo's offset that night (1 or 2 hours).
	const utc = Date.parse(`${wall}:00Z`);
	const offset = Date.parse(`${toOsloInput(new Date(utc).toISOString())}:00Z`) - utc;
	return new Date(utc - offset).toISOString();
}

/** A mark as the ladder reads it. */
export interface LadderMark {
	weight: number;
	eventAt: string;
}

export interface Standing {
	/** The weights of the marks that count now, summed. */
	active: number;
	/** What they mean, or null when nothing. */
	consequence: Consequence | null;
	/** When the consequence ends (enough marks expire to fall below its step); null without one. */
	until: string | null;
}

/** The step `weight` reaches, or null. */
function stepAt(ladder: Ladder, weight: number) {
	let reached: Ladder['steps'][number] | null = null;
	for (const step of ladder.steps) {
		if (step.marks <= weight && (!reached || step.marks > reached.marks)) reached = step;
	}
	return reached;
}

/** What `marks` (not removed) mean at `now`. */
export function standingOf(ladder: Ladder, marks: readonly LadderMark[], now: Date): Standing {
	const active = marks
		.map((m) => ({ weight: m.weight, expires: expiryOf(ladder, m.eventAt) }))
		.filter((m) => Date.parse(m.expires) > now.getTime() && m.weight > 0)
		.sort((a, b) => a.expires.localeCompare(b.expires));
	let weight = active.reduce((sum, m) => sum + m.weight, 0);
	const step = stepAt(ladder, weight);
	if (!step) return { active: weight, consequence: null, until: null };
	const total = weight;
	let until: string | null = null;
	for (const m of active) {
		weight -= m.weight;
		if (weight < step.marks) {
			until = m.expires;
			break;
		}
	}
	return { active: total, consequence: step.consequence, until };
}

/** When the member's registration opens, given their standing: the opening, or later by the delay. */
export function personalOpening(opensAt: string, standing: Standing): string {
	const c = standing.consequence;
	if (c?.kind !== 'delay') return opensAt;
	return new Date(Date.parse(opensAt) + c.minutes * 60_000).toISOString();
}

/** Whether an arrival at `at` is late for an event starting at `startsAt`. */
export const isLate = (ladder: Ladder, startsAt: string, at: Date) =>
	at.getTime() > Date.parse(startsAt) + ladder.graceMinutes * 60_000;
