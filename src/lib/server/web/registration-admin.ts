// The organiser's registration pages between the domain and the page: the settings form read
// from the post as typed (times in Oslo, prices in kroner, pools as numbered fieldsets) and parsed
// into the engine's SettingsInput, every refusal of the engine as the field it concerns; the
// attendee page's small forms (add, move, remove, capacity, message) the same way. Errors are
// codes; the pages say them in words ($lib/admin/registration-texts.ts).
import { fail, type RequestEvent } from '@sveltejs/kit';
import { z } from 'zod';
import { kronerText, parseKroner } from '$lib/schemas/admin-shop';
import { services } from '../app';
import { fromOsloInput, toOsloInput } from '../content/oslo-time';
import { allowedOr404 } from './admin-route';
import { DomainError, Forbidden, Invalid, NotFound } from '../errors';
import {
	AddInput,
	type Attendee,
	MessageInput,
	MoveInput,
	RemovalInput,
	SettingsInput,
	type EventRegistration,
	type Eligibility,
	type Settings
} from '../registration';

export interface PoolValues {
	id: string;
	nameNo: string;
	nameEn: string;
	seats: string;
	eligibility: Eligibility;
	unitIds: string[];
	campusId: string;
}

export interface SettingsValues {
	enabled: boolean;
	opensAt: string;
	closesAt: string;
	unregisterBy: string;
	lateUnregister: boolean;
	capacity: string;
	mode: 'first_come' | 'draw';
	drawMinutes: string;
	mergeAt: string;
	priceMember: string;
	refundOnUnregister: boolean;
	priceOther: string;
	questionNo: string;
	questionEn: string;
	answerKeepDays: string;
	pools: PoolValues[];
}

/** An answer of the pages' forms: which form, what was done or why not, each field's problem. */
export interface RegAdminAnswer {
	action: string;
	done?: string;
	values?: Record<string, string> | SettingsValues;
	errors?: Record<string, string>;
}

export const emptyPool = (): PoolValues => ({
	id: '',
	nameNo: '',
	nameEn: '',
	seats: '',
	eligibility: 'everyone',
	unitIds: [],
	campusId: ''
});

const time = (iso: string | null) => (iso ? toOsloInput(iso) : '');
const count = (n: number | null) => (n === null ? '' : String(n));

/** The stored registration as the form shows it; none yet: registration on, closing when the event starts. */
export function valuesOf(
	r: EventRegistration | null,
	locale: 'no' | 'en',
	startsAt: string
): SettingsValues {
	return {
		enabled: r?.enabled ?? true,
		opensAt: time(r?.opensAt ?? null),
		closesAt: time(r?.closesAt ?? startsAt),
		unregisterBy: time(r?.unregisterBy ?? null),
		lateUnregister: r?.lateUnregister ?? false,
		capacity: count(r?.capacity ?? null),
		mode: r?.mode ?? 'first_come',
		drawMinutes: count(r?.drawMinutes ?? null),
		mergeAt: time(r?.mergeAt ?? null),
		priceMember: kronerText(r?.priceMemberOre ?? null, locale),
		refundOnUnregister: r?.refundOnUnregister ?? false,
		priceOther: kronerText(r?.priceOtherOre ?? null, locale),
		questionNo: r?.questionNo ?? '',
		questionEn: r?.questionEn ?? '',
		answerKeepDays: String(r?.answerKeepDays ?? 30),
		pools: (r?.pools ?? []).map((p) => ({
			id: p.id,
			nameNo: p.name.no,
			nameEn: p.name.en,
			seats: String(p.seats),
			eligibility: p.eligibility,
			unitIds: p.unitIds,
			campusId: p.campusId ?? ''
		}))
	};
}

const text = (form: FormData, name: string) => {
	const value = form.get(name);
	return typeof value === 'string' ? value.trim() : '';
};
const ELIGIBILITIES = new Set<string>(['everyone', 'members', 'units', 'campus']);
/** No form has more pools than the engine takes, whatever is posted. */
const MAX_POOLS = 20;

/** The posted settings as typed; pools marked for removal are left out. */
export function readSettings(form: FormData): SettingsValues {
	const pools: PoolValues[] = [];
	const posted = Math.min(MAX_POOLS, Number.parseInt(text(form, 'poolCount'), 10) || 0);
	for (let i = 0; i < posted; i++) {
		if (form.has(`pool-${i}-remove`)) continue;
		const eligibility = text(form, `pool-${i}-eligibility`);
		pools.push({
			id: text(form, `pool-${i}-id`),
			nameNo: text(form, `pool-${i}-nameNo`),
			nameEn: text(form, `pool-${i}-nameEn`),
			seats: text(form, `pool-${i}-seats`),
			eligibility: (ELIGIBILITIES.has(eligibility) ? eligibility : 'everyone') as Eligibility,
			unitIds: form
				.getAll(`pool-${i}-units`)
				.filter((u): u is string => typeof u === 'string')
				.slice(0, 50),
			campusId: text(form, `pool-${i}-campus`)
		});
	}
	return {
		enabled: form.has('enabled'),
		opensAt: text(form, 'opensAt'),
		closesAt: text(form, 'closesAt'),
		unregisterBy: text(form, 'unregisterBy'),
		lateUnregister: form.has('lateUnregister'),
		capacity: text(form, 'capacity'),
		mode: text(form, 'mode') === 'draw' ? 'draw' : 'first_come',
		drawMinutes: text(form, 'drawMinutes'),
		mergeAt: text(form, 'mergeAt'),
		priceMember: text(form, 'priceMember'),
		refundOnUnregister: form.has('refundOnUnregister'),
		priceOther: text(form, 'priceOther'),
		questionNo: text(form, 'questionNo'),
		questionEn: text(form, 'questionEn'),
		answerKeepDays: text(form, 'answerKeepDays'),
		pools
	};
}

type Parsed = { ok: true; input: Settings } | { ok: false; errors: Record<string, string> };

/** The typed values as the engine's input, or each field's problem (a field named as the form names it). */
export function parseSettings(v: SettingsValues): Parsed {
	const errors: Record<string, string> = {};
	const instant = (field: string, value: string, required = false) => {
		if (value === '') {
			if (required) errors[field] = 'required';
			return null;
		}
		const iso = fromOsloInput(value);
		if (iso === null) errors[field] = 'datetime';
		return iso;
	};
	const whole = (field: string, value: string, required = false) => {
		if (value === '') {
			if (required) errors[field] = 'required';
			return null;
		}
		if (!/^\d{1,6}$/.test(value)) errors[field] = 'int';
		return Number(value);
	};
	const price = (field: string, value: string) => {
		if (value === '') return null;
		const ore = parseKroner(value);
		if (ore === null) errors[field] = 'money';
		return ore;
	};
	const raw = {
		enabled: v.enabled,
		opensAt: instant('opensAt', v.opensAt, true),
		closesAt: instant('closesAt', v.closesAt, true),
		unregisterBy: instant('unregisterBy', v.unregisterBy),
		lateUnregister: v.lateUnregister,
		capacity: whole('capacity', v.capacity, true),
		mode: v.mode,
		drawMinutes: v.mode === 'draw' ? whole('drawMinutes', v.drawMinutes, true) : null,
		mergeAt: instant('mergeAt', v.mergeAt),
		priceMemberOre: price('priceMember', v.priceMember),
		refundOnUnregister: v.refundOnUnregister,
		priceOtherOre: price('priceOther', v.priceOther),
		questionNo: v.questionNo || null,
		questionEn: v.questionEn || null,
		answerKeepDays: whole('answerKeepDays', v.answerKeepDays) ?? 30,
		pools: v.pools.map((p, i) => ({
			...(p.id ? { id: p.id } : {}),
			nameNo: p.nameNo,
			nameEn: p.nameEn,
			seats: whole(`pool-${i}-seats`, p.seats, true),
			eligibility: p.eligibility,
			unitIds: p.eligibility === 'units' ? p.unitIds : [],
			campusId: p.eligibility === 'campus' ? p.campusId || null : null
		}))
	};
	if (Object.keys(errors).length > 0) return { ok: false, errors };
	const parsed = SettingsInput.safeParse(raw);
	if (parsed.success) return { ok: true, input: parsed.data };
	for (const issue of parsed.error.issues) {
		const [first, index, field] = issue.path.map(String);
		const name =
			first === 'pools' && field ? `pool-${index}-${poolField(field)}` : fieldName(first);
		errors[name] ??=
			name === 'questionEn' && issue.code === 'custom'
				? 'question_both'
				: issue.code === 'too_small' || issue.code === 'custom'
					? 'required'
					: issue.code === 'too_big'
						? 'too_big'
						: 'invalid';
	}
	return { ok: false, errors };
}

const poolField = (field: string) =>
	field === 'unitIds' ? 'units' : field === 'campusId' ? 'campus' : field;
const fieldName = (field: string | undefined) =>
	field === 'priceMemberOre'
		? 'priceMember'
		: field === 'priceOtherOre'
			? 'priceOther'
			: (field ?? 'form');

/** Which field each refusal of the engine's save concerns. */
const REFUSED_FIELD: Record<string, string> = {
	capacity_below_confirmed: 'capacity',
	pools_exceed_capacity: 'capacity',
	price_without_provider: 'priceMember',
	closes_before_opens: 'closesAt',
	pool_in_use: 'pools',
	pool_below_confirmed: 'pools',
	unknown_pool: 'pools'
};

/** The caller may organise the event, or the page does not exist for them. */
const organiserOr404 = (event: RequestEvent<{ id: string }>) =>
	allowedOr404(services().registration.editor(event.locals.caller, event.params.id));

/** A refusal of the engine as the form's answer; a caller it does not know or allow: 404. */
function refusedAnswer(e: unknown, action: string, fields: Record<string, string>, values: object) {
	if (!(e instanceof DomainError) || e instanceof Forbidden || e.code === 'unknown_event') throw e;
	const code = e.code ?? 'invalid';
	const status = e instanceof Invalid || e instanceof NotFound ? 400 : 409;
	return fail(status, {
		action,
		values: values as Record<string, string>,
		errors: { [fields[code] ?? 'form']: code }
	} satisfies RegAdminAnswer);
}

/** The settings form's one action: add a pool (nothing saved), or save. */
export async function saveSettingsAction(event: RequestEvent<{ id: string }>) {
	await organiserOr404(event);
	const form = await event.request.formData();
	const values = readSettings(form);
	if (form.get('intent') === 'add-pool') {
		if (values.pools.length < MAX_POOLS) values.pools.push(emptyPool());
		return { action: 'pools', values } satisfies RegAdminAnswer;
	}
	const parsed = parseSettings(values);
	if (!parsed.ok) return fail(400, { action: 'save', values, errors: parsed.errors });
	try {
		await services().registration.saveSettings(event.locals.caller, event.params.id, parsed.input);
	} catch (e) {
		return refusedAnswer(e, 'save', REFUSED_FIELD, values);
	}
	return { action: 'save', done: 'saved' } satisfies RegAdminAnswer;
}

const FORMS = {
	add: AddInput,
	move: MoveInput,
	remove: RemovalInput,
	capacity: z.object({
		capacity: z
			.string()
			.trim()
			.regex(/^\d{1,6}$/)
			.transform(Number)
	}),
	message: MessageInput
} as const;
type FormName = keyof typeof FORMS;
/** Fields a form leaves blank for "none". */
const BLANK_IS_NONE = new Set(['poolId', 'subjectEn', 'textEn']);

/** Which field of each attendee form a refusal concerns. */
const ATTENDEE_FIELDS: Record<string, string> = {
	unknown_user: 'email',
	already_registered: 'email',
	pool_full: 'poolId',
	same_pool: 'poolId',
	unknown_pool: 'poolId',
	not_registered: 'userId',
	capacity_below_confirmed: 'capacity',
	pools_exceed_capacity: 'capacity'
};

/** One of the attendee page's forms: read, one engine call, the answer. */
export function attendeeAction(name: FormName) {
	return async (event: RequestEvent<{ id: string }>) => {
		await organiserOr404(event);
		const form = await event.request.formData();
		const values: Record<string, string> = {};
		const raw: Record<string, string | null> = {};
		for (const [k, v] of form) {
			if (typeof v !== 'string') continue;
			values[k] = v;
			raw[k] = BLANK_IS_NONE.has(k) && v.trim() === '' ? null : v;
		}
		const parsed = FORMS[name].safeParse(raw);
		if (!parsed.success) {
			const errors: Record<string, string> = {};
			for (const issue of parsed.error.issues) {
				errors[String(issue.path[0] ?? 'form')] ??=
					issue.code === 'too_small' || issue.code === 'invalid_type' ? 'required' : 'invalid';
			}
			return fail(400, { action: name, values, errors } satisfies RegAdminAnswer);
		}
		const { registration } = services();
		const { caller } = event.locals;
		const id = event.params.id;
		const input = parsed.data as never;
		try {
			const done = await {
				add: () => registration.add(caller, id, input).then((a) => `added_${a.status}`),
				move: () => registration.move(caller, id, input).then(() => 'moved'),
				remove: () => registration.remove(caller, id, input).then(() => 'removed'),
				capacity: () =>
					registration
						.setCapacity(caller, id, (input as { capacity: number }).capacity)
						.then(() => 'capacity'),
				message: () => registration.message(caller, id, input).then((r) => `sent:${r.recipients}`)
			}[name]();
			return { action: name, done } satisfies RegAdminAnswer;
		} catch (e) {
			return refusedAnswer(e, name, ATTENDEE_FIELDS, values);
		}
	};
}

/** What the settings page loads: the event, the form's values, the choices, the draw once made. */
export async function settingsPage(event: RequestEvent<{ id: string }>) {
	const { registration } = services();
	const { caller, locale } = event.locals;
	const editor = await organiserOr404(event);
	// Read through the lists, which make a draw whose window has closed before they answer.
	const draw =
		editor.registration?.mode === 'draw'
			? (await registration.attendees(caller, event.params.id)).draw
			: null;
	return {
		eventId: event.params.id,
		title: editor.title[locale] || editor.title.no,
		exists: editor.registration !== null,
		values: valuesOf(editor.registration, locale, editor.startsAt),
		units: editor.units,
		campuses: editor.campuses,
		mode: editor.registration?.mode ?? 'first_come',
		draw
	};
}

/** What the attendee page loads: seats per pool, the lists, the choices its forms offer. */
export async function attendeesPage(event: RequestEvent<{ id: string }>) {
	const { caller, locale } = event.locals;
	const lists = await allowedOr404(services().registration.attendees(caller, event.params.id));
	const r = lists.registration;
	const poolName = (id: string | null) => {
		const pool = r.pools.find((p) => p.id === id);
		return pool ? pool.name[locale] || pool.name.no : '';
	};
	const row = <A extends Attendee>(a: A) => ({ ...a, pool: poolName(a.poolId) });
	return {
		eventId: event.params.id,
		title: r.title[locale] || r.title.no,
		capacity: r.capacity,
		confirmedCount: lists.counts.total,
		pools: r.pools.map((p) => ({
			id: p.id,
			name: p.name[locale] || p.name.no,
			seats: p.seats,
			confirmed: lists.counts.byPool.get(p.id) ?? 0
		})),
		hasQuestion: r.questionNo !== null,
		confirmed: lists.confirmed.map(row),
		waiting: lists.waiting.map(row),
		entered: lists.entered.map(row)
	};
}
