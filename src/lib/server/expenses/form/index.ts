// The claim form's server side: a post (multipart, with or without JavaScript)
// turned into the form's values and the files it carries, those values into the domain's
// ClaimInput, the domain's issues back onto the form's fields, and the choices the form offers.
import type { z } from 'zod';
import { emptyLine, type FormOptions } from '$lib/expenses/form-shape';
import { ClaimForm, type ClaimLineForm } from '$lib/schemas/expense-form';
import type { Locale } from '$lib/i18n';
import type { Db } from '../../db';
import type { StoredFile } from '../../files';
import type { ClaimDetail } from '..';
import type { ClaimInput } from '../input';

export interface PostedFile {
	/** The line the file belongs to. */
	line: number;
	file: File;
}

export interface ReadPost {
	values: ClaimForm;
	files: PostedFile[];
	/** The add-line button's kind, the remove-line button's index. */
	addKind: 'receipt' | 'mileage' | null;
	removeIndex: number | null;
}

const LINE_FIELD = /^lines\.(\d{1,2})\.(\w+)$/;
const LINE_KEYS = Object.keys(emptyLine('receipt')) as (keyof ClaimLineForm)[];
const TOP_KEYS = ['campusId', 'unitId', 'link', 'purpose', 'payoutAccount', 'advance'] as const;

/**
 * A form post sent without JavaScript: `lines.<n>.<field>` and a file input `lines.<n>.file`
 * per receipt line. Unknown names are ignored; an empty file input is no file.
 */
export function readMultipart(form: FormData): ReadPost {
	const text = (name: string) => {
		const value = form.get(name);
		return typeof value === 'string' ? value : '';
	};
	const lines = new Map<number, Record<string, string>>();
	const files: PostedFile[] = [];
	for (const [name, value] of form) {
		const match = LINE_FIELD.exec(name);
		if (!match) continue;
		const index = Number(match[1]);
		const key = match[2]!;
		if (key === 'file') {
			if (typeof value !== 'string' && value.size > 0) files.push({ line: index, file: value });
			continue;
		}
		if (typeof value !== 'string' || !(LINE_KEYS as string[]).includes(key)) continue;
		if (!lines.has(index)) lines.set(index, {});
		lines.get(index)![key] = value;
	}
	const ordered = [...lines.keys()].sort((a, b) => a - b);
	// Positions as posted may have gaps (a removed line); files follow their line to its new place.
	const position = new Map(ordered.map((index, i) => [index, i]));
	const values = ClaimForm.parse({
		version: text('version') || 0,
		...Object.fromEntries(TOP_KEYS.map((k) => [k, text(k)])),
		lines: ordered.map((index) => ({ ...emptyLine('receipt'), ...lines.get(index) }))
	});
	const kind = text('lineKind');
	const remove = text('removeLine');
	return {
		values,
		files: files
			.filter((f) => position.has(f.line))
			.map((f) => ({ line: position.get(f.line)!, file: f.file })),
		addKind: kind === 'receipt' || kind === 'mileage' ? kind : null,
		removeIndex: /^\d{1,2}$/.test(remove) ? Number(remove) : null
	};
}

// The date is left out: the form fills in today's date on every line it adds.
const blank = (line: ClaimLineForm) =>
	!line.fileId &&
	[
		line.merchant,
		line.description,
		line.amount,
		line.originalAmount,
		line.from,
		line.to,
		line.km
	].every((v) => v.trim() === '');

/**
 * The domain's input. Lines left empty are dropped (a line added and never filled in, whatever
 * its date);
 * `kept[i]` is the form's index of the input's line i, to put issues back on the right line.
 */
export function toClaimInput(values: ClaimForm): { input: ClaimInput; kept: number[] } {
	const kept: number[] = [];
	const lines: NonNullable<ClaimInput['lines']> = [];
	values.lines.forEach((line, index) => {
		if (blank(line)) return;
		kept.push(index);
		lines.push(
			line.kind === 'mileage'
				? {
						kind: 'mileage',
						date: line.date,
						description: line.description,
						from: line.from,
						to: line.to,
						km: line.km
					}
				: {
						kind: 'receipt',
						date: line.date,
						merchant: line.merchant,
						description: line.description,
						amount: line.amount,
						currency: line.currency,
						originalAmount: line.originalAmount,
						fileId: line.fileId || null
					}
		);
	});
	const [linkKind, linkId] = values.link.split(':', 2);
	return {
		input: {
			campusId: values.campusId,
			unitId: values.unitId,
			eventId: linkKind === 'event' && linkId ? linkId : null,
			projectId: linkKind === 'project' && linkId ? linkId : null,
			purpose: values.purpose,
			payoutAccount: values.payoutAccount,
			advance: values.advance,
			lines
		},
		kept
	};
}

export interface FieldIssue {
	/** A superforms path: `purpose`, `lines[2].amount`. */
	path: string;
	/** A message code: `expense_error_<code>` or `expense_form_error_<code>`. */
	code: string;
}

/** The codes a zod issue from claimSchema carries as its message (see input.ts). */
const DOMAIN_CODES = new Set([
	'account',
	'amount_invalid',
	'amount_not_positive',
	'amount_too_many_decimals',
	'amount_too_large',
	'date_invalid',
	'date_future',
	'date_too_old',
	'distance',
	'currency',
	'too_many_lines',
	'unknown',
	'file'
]);

export function fieldIssues(issues: z.core.$ZodIssue[], kept: number[]): FieldIssue[] {
	return issues.map((issue) => {
		const [first, second, third] = issue.path;
		let path: string;
		if (first === 'lines' && typeof second === 'number') {
			const index = kept[second] ?? second;
			path = `lines[${index}].${typeof third === 'string' ? third : 'kind'}`;
		} else if (first === 'eventId' || first === 'projectId') {
			path = 'link';
		} else {
			path = typeof first === 'string' ? first : '';
		}
		const code = DOMAIN_CODES.has(issue.message)
			? issue.message
			: issue.code === 'too_small' || issue.code === 'invalid_type'
				? 'required'
				: issue.code === 'too_big'
					? 'too_long'
					: 'invalid';
		return { path, code };
	});
}

/** What a draft keeps of a refused field: the stored claim's value (or nothing, for a new one). */
export interface StoredDraft {
	purpose: string;
	advanceOre: number;
}

/**
 * A draft's input with what `issues` refused left out, so that the rest can be saved: a line with
 * a refused field is left out whole (a line is stored complete or not at all), a refused purpose
 * or advance stays as stored, a refused account keeps the stored one, a refused event or project
 * is unlinked. Null when what was refused cannot be left out: the campus, the unit, the lines as
 * a whole. `kept` maps the input's lines to the form's, as toClaimInput's does.
 */
export function withoutInvalid(
	input: ClaimInput,
	kept: number[],
	issues: z.core.$ZodIssue[],
	stored: StoredDraft | null
): { input: ClaimInput; kept: number[] } | null {
	const next: ClaimInput = { ...input };
	const dropped = new Set<number>();
	for (const { path } of issues) {
		const [first, second] = path;
		if (first === 'lines' && typeof second === 'number') dropped.add(second);
		else if (first === 'purpose') next.purpose = stored?.purpose ?? '';
		else if (first === 'advance') next.advance = stored ? stored.advanceOre / 100 : '';
		else if (first === 'payoutAccount') delete next.payoutAccount;
		else if (first === 'eventId') next.eventId = null;
		else if (first === 'projectId') next.projectId = null;
		else return null;
	}
	const lines = input.lines ?? [];
	return {
		input: { ...next, lines: lines.filter((_, i) => !dropped.has(i)) },
		kept: kept.filter((_, i) => !dropped.has(i))
	};
}

/** Form values of a stored claim, for its edit page. */
export function claimValues(
	claim: ClaimDetail,
	files: Map<string, StoredFile>,
	locale: Locale
): ClaimForm {
	const amount = (ore: number) => {
		const text = (ore / 100).toFixed(2);
		return locale === 'no' ? text.replace('.', ',') : text;
	};
	return ClaimForm.parse({
		version: claim.version,
		campusId: claim.campusId,
		unitId: claim.unitId,
		link: claim.eventId
			? `event:${claim.eventId}`
			: claim.projectId
				? `project:${claim.projectId}`
				: '',
		purpose: claim.purpose,
		payoutAccount: claim.payoutAccount ?? '',
		advance: claim.totals.advanceOre ? amount(claim.totals.advanceOre) : '',
		lines: claim.lines.map((line) => {
			const file = line.fileId ? files.get(line.fileId) : undefined;
			return {
				...emptyLine(line.kind, line.date),
				description: line.description,
				merchant: line.merchant ?? '',
				amount: line.kind === 'receipt' ? amount(line.amountOre) : '',
				currency: line.currency ?? 'NOK',
				originalAmount: line.originalHundredths === null ? '' : amount(line.originalHundredths),
				fileId: line.fileId ?? '',
				fileName: file?.originalName ?? '',
				fileType: file?.mimeType ?? '',
				from: line.from ?? '',
				to: line.to ?? '',
				km:
					line.distanceM === null
						? ''
						: String(line.distanceM / 1000).replace('.', locale === 'no' ? ',' : '.')
			};
		})
	});
}

/** What the form lets one choose, in the locale: events of the past year and the coming one. */
export async function formOptions(
	db: Db,
	locale: Locale,
	settings: { mileageRateOre: number; today: string; assistant: boolean }
): Promise<FormOptions> {
	const en = locale === 'en';
	const from = new Date(`${settings.today}T00:00:00.000Z`);
	from.setUTCFullYear(from.getUTCFullYear() - 1);
	const until = new Date(from);
	until.setUTCFullYear(until.getUTCFullYear() + 2);
	const [campuses, units, events, projects] = await Promise.all([
		db.selectFrom('campuses').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
		db
			.selectFrom('units')
			.select(['id', 'campus_id', 'name_no', 'name_en'])
			.orderBy('campus_id')
			.orderBy('sort')
			.orderBy('id')
			.execute(),
		db
			.selectFrom('events')
			.select(['id', 'campus_id', 'title_no', 'title_en', 'starts_at'])
			.where('starts_at', '>=', from.toISOString())
			.where('starts_at', '<', until.toISOString())
			.orderBy('starts_at', 'desc')
			.limit(200)
			.execute(),
		db
			.selectFrom('projects')
			.select(['id', 'title_no', 'title_en'])
			.orderBy('sort')
			.orderBy('id')
			.execute()
	]);
	return {
		campuses,
		units: units.map((u) => ({
			id: u.id,
			campusId: u.campus_id,
			name: en ? u.name_en : u.name_no
		})),
		events: events.map((e) => ({
			id: e.id,
			campusId: e.campus_id,
			title: en ? e.title_en : e.title_no,
			date: String(e.starts_at).slice(0, 10)
		})),
		projects: projects.map((p) => ({ id: p.id, title: en ? p.title_en : p.title_no })),
		mileageRateOre: settings.mileageRateOre,
		assistant: settings.assistant,
		today: settings.today
	};
}
