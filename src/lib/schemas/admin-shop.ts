// The shop's admin forms and filters. A form is read as the strings that were typed (so a refused
// post shows them back as they were), then parsed into the domain's input: prices entered in
// kroner ("149", "149,50", "1 234.5") become whole øre, a blank stock no limit. Error messages are
// codes; the routes turn them into text (server/web/admin-shop-text.ts).
import { z } from 'zod';
import { PLAN_AUDIENCES, PLAN_PERIODS } from '$lib/admin/shop-codes';
import { ORDER_STATUSES } from '$lib/shop/statuses';
import { SLUG_MAX, SLUG_PATTERN } from '$lib/slug';
import { MAX_QUANTITY } from './limits';

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 5000;
/** The highest price the shop takes: 1,000,000 kr. */
export const PRICE_MAX_ORE = 100_000_000;
export const STOCK_MAX = 1_000_000;
export const MONTHS_MAX = 36;

/** Whole kroner or kroner and øre, in either decimal mark; spaces between thousands allowed. */
const KRONER = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/** Øre of a kroner amount as typed, or null when it is not one. */
export function parseKroner(text: string): number | null {
	const match = KRONER.exec(text.replace(/[\s\u00a0\u202f]/g, ''));
	if (!match) return null;
	const ore = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
	return Number.isSafeInteger(ore) ? ore : null;
}

/** Øre as the form shows them: `149` or `149,50` (Norwegian) / `149.50` (English). */
export function kronerText(ore: number | null, locale: 'no' | 'en'): string {
	if (ore === null) return '';
	const kroner = Math.floor(ore / 100);
	const rest = ore % 100;
	if (rest === 0) return String(kroner);
	return `${kroner}${locale === 'no' ? ',' : '.'}${String(rest).padStart(2, '0')}`;
}

const text = (max: number) => z.string().trim().max(max, { error: 'too_long' });
const required = (max: number) => text(max).min(1, { error: 'required' });

/** Øre of a typed price, or an issue (`required` when blank, else `code`) and z.NEVER. */
function oreOf(value: string, ctx: z.RefinementCtx, code: string): number {
	const ore = parseKroner(value);
	if (ore === null || ore > PRICE_MAX_ORE) {
		ctx.addIssue({ code: 'custom', message: value === '' ? 'required' : code });
		return z.NEVER;
	}
	return ore;
}

const price = (code: string) =>
	z
		.string()
		.trim()
		.transform((value, ctx) => oreOf(value, ctx, code));

/** Blank: no such price. */
const optionalPrice = (code: string) =>
	z
		.string()
		.trim()
		.transform((value, ctx) => (value === '' ? null : oreOf(value, ctx, code)));

/** A whole number from min to max; blank is null (no limit). */
const optionalCount = (min: number, max: number, code: string) =>
	z
		.string()
		.trim()
		.transform((value, ctx) => {
			if (value === '') return null;
			const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
			if (!(n >= min && n <= max)) {
				ctx.addIssue({ code: 'custom', message: code });
				return z.NEVER;
			}
			return n;
		});

const slug = z
	.string()
	.trim()
	.max(SLUG_MAX, { error: 'slug_format' })
	.refine((s) => s === '' || SLUG_PATTERN.test(s), { error: 'slug_format' })
	.transform((s) => (s === '' ? null : s));

const flag = z.boolean();

/** The fields both a product and a membership plan have. */
const catalogueFields = {
	nameNo: required(NAME_MAX),
	nameEn: text(NAME_MAX),
	descriptionNo: text(DESCRIPTION_MAX),
	descriptionEn: text(DESCRIPTION_MAX),
	/** Blank on a new product: made from the Norwegian name. */
	slug,
	price: price('price_format'),
	active: flag
};

export const ProductInput = z
	.object({
		...catalogueFields,
		memberPrice: optionalPrice('price_format'),
		stock: optionalCount(0, STOCK_MAX, 'stock_format'),
		maxPerOrder: optionalCount(1, MAX_QUANTITY, 'max_format'),
		category: z
			.string()
			.trim()
			.min(1, { error: 'required' })
			.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'category_format' })
			.refine((c) => c !== 'membership', { error: 'category_membership' }),
		unitId: z
			.string()
			.trim()
			.max(100)
			.transform((u) => (u === '' ? null : u)),
		featured: flag
	})
	.refine((p) => p.memberPrice === null || p.memberPrice <= p.price, {
		path: ['memberPrice'],
		error: 'member_price_above'
	});
export type ProductInput = z.output<typeof ProductInput>;

export const PlanInput = z.object({
	...catalogueFields,
	period: z.enum(PLAN_PERIODS, { error: 'required' }),
	audience: z.enum(PLAN_AUDIENCES, { error: 'required' }),
	months: optionalCount(1, MONTHS_MAX, 'months_format').refine((n) => n !== null, {
		error: 'months_format'
	})
});
export type PlanInput = z.output<typeof PlanInput>;

const TEXT_FIELDS = [
	'nameNo',
	'nameEn',
	'descriptionNo',
	'descriptionEn',
	'slug',
	'price',
	'memberPrice',
	'stock',
	'maxPerOrder',
	'category',
	'unitId',
	'period',
	'audience',
	'months'
] as const;

/** A product or plan form as typed: every field a string, the checkboxes on or off. */
export type CatalogueValues = Record<(typeof TEXT_FIELDS)[number], string> & {
	featured: boolean;
	active: boolean;
};

/** The values of a posted form; a field the form did not have is blank. */
export function catalogueValues(form: FormData): CatalogueValues {
	const values = Object.fromEntries(
		TEXT_FIELDS.map((f) => {
			const v = form.get(f);
			return [f, typeof v === 'string' ? v : ''];
		})
	) as Record<(typeof TEXT_FIELDS)[number], string>;
	return {
		...values,
		featured: form.get('featured') === 'on',
		active: form.get('active') === 'on'
	};
}

/** The version the form was made from: stale forms are refused by the version check. */
export const VersionField = z.coerce.number().int().min(1);

/** A posted form parsed with its schema: the typed input, or the first problem of each field. */
export function parsedForm<S extends z.ZodType>(
	schema: S,
	values: unknown
): { ok: true; input: z.output<S> } | { ok: false; errors: Record<string, string> } {
	const parsed = schema.safeParse(values);
	return parsed.success
		? { ok: true, input: parsed.data }
		: { ok: false, errors: fieldErrors(parsed.error) };
}

/** The first problem of each field, by field name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
	const errors: Record<string, string> = {};
	for (const issue of error.issues) {
		const field = String(issue.path[0] ?? 'form');
		errors[field] ??= issue.message;
	}
	return errors;
}

/** What a query parameter may hold when it is free text (a search). */
const search = z.string().trim().max(200).catch('');
const code = z
	.string()
	.trim()
	.regex(/^[a-z0-9-]{0,40}$/)
	.catch('');

export const ProductFilter = z.object({
	q: search,
	category: code,
	active: z.enum(['yes', 'no', '']).catch(''),
	stock: z.enum(['low', '']).catch('')
});
export type ProductFilter = z.infer<typeof ProductFilter>;

const day = z
	.string()
	.trim()
	.regex(/^(\d{4}-\d{2}-\d{2})?$/)
	.catch('');

export const OrderFilter = z.object({
	q: search,
	status: z.enum([...ORDER_STATUSES, '']).catch(''),
	/** Oslo days, both included. */
	from: day,
	to: day,
	product: z.string().trim().max(100).catch(''),
	page: z.coerce.number().int().min(1).max(100_000).catch(1)
});
export type OrderFilter = z.infer<typeof OrderFilter>;

export const HolderFilter = z.object({
	q: search,
	status: z.enum(['current', 'expired', '']).catch(''),
	page: z.coerce.number().int().min(1).max(100_000).catch(1)
});
export type HolderFilter = z.infer<typeof HolderFilter>;

/** A filter from a URL's query string: every known parameter, unknown ones ignored. */
export function filterOf<S extends z.ZodObject>(schema: S, params: URLSearchParams): z.infer<S> {
	const raw = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, params.get(k) ?? '']));
	return schema.parse(raw) as z.infer<S>;
}
