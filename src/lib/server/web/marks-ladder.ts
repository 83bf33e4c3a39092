// The admins' marks ladder page between the domain and the page: the ladder as the form shows it
// (weights, grace and expiry as numbers, up to four freezes as day.month pairs, up to four steps),
// read back from the post and parsed into the domain's Ladder, each problem as the field it
// concerns (a code; the page says it in words). Anyone but an admin gets the 404 page.
import { fail, type RequestEvent } from '@sveltejs/kit';
import { services } from '../app';
import { Ladder } from '../attendance';
import { allowedOr404 } from './admin-route';

export const FREEZE_ROWS = 4;
export const STEP_ROWS = 4;

export type LadderValues = Record<string, string>;

export interface LadderAnswer {
	done?: boolean;
	values?: LadderValues;
	errors?: Record<string, string>;
}

/** "06-15" as "15.06" (day.month, as the organisation writes dates). */
const dayMonth = (md: string) => `${md.slice(3, 5)}.${md.slice(0, 2)}`;

/** "15.6" or "15.06" as "06-15"; null when it is not a day of a month. */
function monthDay(text: string): string | null {
	const m = /^(\d{1,2})\.(\d{1,2})\.?$/.exec(text.trim());
	if (!m) return null;
	const [day, month] = [Number(m[1]), Number(m[2])];
	const days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
	if (!days || day < 1 || day > days) return null;
	return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function ladderValues(ladder: Ladder): LadderValues {
	const values: LadderValues = {
		noShowWeight: String(ladder.noShowWeight),
		lateUnregisterWeight: String(ladder.lateUnregisterWeight),
		graceMinutes: String(ladder.graceMinutes),
		expiryDays: String(ladder.expiryDays)
	};
	ladder.freezes.forEach((f, i) => {
		values[`freeze-${i}-from`] = dayMonth(f.from);
		values[`freeze-${i}-to`] = dayMonth(f.to);
	});
	ladder.steps.forEach((s, i) => {
		values[`step-${i}-marks`] = String(s.marks);
		values[`step-${i}-kind`] = s.consequence.kind;
		values[`step-${i}-minutes`] =
			s.consequence.kind === 'delay' ? String(s.consequence.minutes) : '';
	});
	return values;
}

/** The posted values as the domain's Ladder, or each field's problem. */
export function parseLadder(
	v: LadderValues
): { ok: true; ladder: Ladder } | { ok: false; errors: Record<string, string> } {
	const errors: Record<string, string> = {};
	const whole = (field: string) => {
		const text = (v[field] ?? '').trim();
		if (text === '') errors[field] = 'required';
		else if (!/^\d{1,5}$/.test(text)) errors[field] = 'int';
		return Number(text);
	};
	const freezes = [];
	for (let i = 0; i < FREEZE_ROWS; i++) {
		const [from, to] = [`freeze-${i}-from`, `freeze-${i}-to`];
		if (!v[from]?.trim() && !v[to]?.trim()) continue;
		const [a, b] = [monthDay(v[from] ?? ''), monthDay(v[to] ?? '')];
		if (!a) errors[from] = 'day';
		if (!b) errors[to] = 'day';
		if (a && b) freezes.push({ from: a, to: b });
	}
	const steps = [];
	for (let i = 0; i < STEP_ROWS; i++) {
		const kind = v[`step-${i}-kind`] ?? '';
		if (kind === '' && !v[`step-${i}-marks`]?.trim()) continue;
		const marks = whole(`step-${i}-marks`);
		if (kind === 'waitlist') steps.push({ marks, consequence: { kind } as const });
		else if (kind === 'delay')
			steps.push({ marks, consequence: { kind, minutes: whole(`step-${i}-minutes`) } as const });
		else errors[`step-${i}-kind`] = 'required';
	}
	const raw = {
		noShowWeight: whole('noShowWeight'),
		lateUnregisterWeight: whole('lateUnregisterWeight'),
		graceMinutes: whole('graceMinutes'),
		expiryDays: whole('expiryDays'),
		freezes,
		steps
	};
	if (Object.keys(errors).length > 0) return { ok: false, errors };
	const parsed = Ladder.safeParse(raw);
	if (parsed.success) return { ok: true, ladder: parsed.data };
	for (const issue of parsed.error.issues) {
		const [first, index, field] = issue.path.map(String);
		const name =
			first === 'steps' && index !== undefined
				? `step-${index}-${field === 'consequence' ? 'minutes' : (field ?? 'marks')}`
				: (first ?? 'form');
		errors[name] ??= issue.code === 'custom' ? 'step_twice' : 'range';
	}
	return { ok: false, errors };
}

export async function ladderPage(event: RequestEvent) {
	const ladder = await allowedOr404(services().attendance.ladder(event.locals.caller));
	return { values: ladderValues(ladder), freezeRows: FREEZE_ROWS, stepRows: STEP_ROWS };
}

export async function saveLadderAction(event: RequestEvent) {
	const { caller } = event.locals;
	await allowedOr404(services().attendance.ladder(caller));
	const form = await event.request.formData();
	const values: LadderValues = {};
	for (const [k, v] of form) if (typeof v === 'string') values[k] = v;
	const parsed = parseLadder(values);
	if (!parsed.ok) return fail(400, { values, errors: parsed.errors } satisfies LadderAnswer);
	await services().attendance.saveLadder(caller, parsed.ladder);
	return { done: true } satisfies LadderAnswer;
}
