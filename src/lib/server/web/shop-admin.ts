// The product and plan forms of the admin area, between the domain and the page: a stored record
// as the form's values, a posted form parsed into the domain's typed input (ProductInput,
// PlanInput, the version), and a save's result as the page's answer (saved, each field's problem
// with the typed values kept, or "someone else saved this meanwhile" with what they saved).
import { error, fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { errorText } from '$lib/admin/content-texts';
import { localizePath, type Locale } from '$lib/i18n';
import {
	catalogueValues,
	kronerText,
	parsedForm,
	PlanInput,
	ProductInput,
	VersionField,
	type CatalogueValues
} from '$lib/schemas/admin-shop';
import { services } from '../app';
import { m } from '$lib/paraglide/messages';
import type { AdminProduct, ProductUses, SaveResult } from '../shop/products-admin';
import type { UserContext } from '../context';
import { postedPicture } from './content-admin';
import type { NamedTrail } from '../audit/named';
import { accepted, formAction } from './form-action';
import {
	catalogueFormTexts,
	deleteRefusedText,
	fieldErrorTexts,
	historyOf,
	historyTexts,
	recordTexts,
	savedMeanwhileText
} from '../shop/words';

/** Every answer the product and plan pages' actions give, in one shape, its words written here. */
export interface CatalogueAnswer {
	/** What was done (a status line). */
	done?: string;
	/** Why nothing was done (an alert). */
	refusal?: string;
	values?: CatalogueValues;
	/** Each field's problem, in words. */
	errors?: Record<string, string>;
	/** Someone else's save, field by field, in words. */
	conflict?: { label: string; value: string }[];
	/** The stored version the form continues from after a conflict. */
	version?: number;
}

/** A stored product or plan as its form shows it. */
export function valuesOf(p: AdminProduct, locale: Locale): CatalogueValues {
	const count = (n: number | null) => (n === null ? '' : String(n));
	return {
		...catalogueValues(new FormData()),
		nameNo: p.nameNo,
		nameEn: p.nameEn,
		descriptionNo: p.descriptionNo,
		descriptionEn: p.descriptionEn,
		slug: p.slug,
		price: kronerText(p.priceOre, locale),
		memberPrice: kronerText(p.memberPriceOre, locale),
		stock: count(p.stock),
		maxPerOrder: count(p.maxPerOrder),
		category: p.category,
		unitId: p.unitId ?? '',
		period: p.plan?.period ?? '',
		audience: p.plan?.audience ?? '',
		months: count(p.plan?.months ?? null),
		featured: p.featured,
		active: p.active
	};
}

/**
 * What a product's or plan's page loads: the record, its form's values and version, its history in
 * words, and the notice when it was just created.
 */
export function catalogueFormState(
	found: { product: AdminProduct; trail: NamedTrail; uses: ProductUses },
	locale: Locale,
	url: URL
) {
	const { product } = found;
	return {
		product,
		uses: found.uses,
		history: historyOf(found.trail, locale),
		texts: {
			form: catalogueFormTexts(product.plan ? 'plan' : 'product', product),
			record: recordTexts(),
			history: historyTexts()
		},
		values: valuesOf(product, locale),
		version: product.version,
		/** Said once, after the create form sent the admin here. */
		notice: url.searchParams.has('created') ? m.admin_shop_created() : null
	};
}

/** A refused form's answer: what was typed, each field's problem in words. */
export function invalidAnswer(values: CatalogueValues, errors: Record<string, string>) {
	return fail(400, { values, errors: fieldErrorTexts(errors) } as CatalogueAnswer);
}

/** The fields whose stored value differs from what was typed, with the stored value. */
function savedMeanwhile(typed: CatalogueValues, stored: CatalogueValues) {
	return (Object.keys(stored) as (keyof CatalogueValues)[])
		.filter((k) => String(stored[k]).trim() !== String(typed[k]).trim())
		.map((field) => ({ field, value: stored[field] }));
}

export function saveAnswer(result: SaveResult, values: CatalogueValues, locale: Locale) {
	if (result.ok) return { done: m.admin_shop_saved() } as CatalogueAnswer;
	switch (result.reason) {
		case 'invalid':
			return invalidAnswer(values, result.errors);
		case 'conflict':
			// The form now carries the stored version: saving again is a choice made knowing
			// what the other person saved.
			return fail(409, {
				refusal: m.admin_shop_conflict(),
				values,
				conflict: savedMeanwhileText(savedMeanwhile(values, valuesOf(result.current, locale))),
				version: result.current.version
			} as CatalogueAnswer);
		case 'not_found':
			error(404, 'Not found');
	}
}

/** The answer to taking a record off sale or back, or to deleting it. */
export function activeAnswer(
	result:
		| SaveResult
		| { ok: true }
		| { ok: false; reason: 'not_found' | 'conflict' | 'in_use'; uses?: ProductUses },
	locale: Locale,
	active?: boolean
) {
	if (result.ok) {
		return {
			done: active ? m.admin_shop_product_activated() : m.admin_shop_product_deactivated()
		} as CatalogueAnswer;
	}
	if (result.reason === 'not_found' || result.reason === 'invalid') error(404, 'Not found');
	return fail(409, {
		refusal:
			'uses' in result && result.uses
				? deleteRefusedText(result.uses, locale)
				: m.admin_shop_conflict()
	} as CatalogueAnswer);
}

type Kind = 'product' | 'plan';
type RecordEvent = RequestEvent<{ id: string }>;

/** The version a form was made from; null when what was posted cannot be one. */
function versionOf(raw: FormDataEntryValue | null): number | null {
	const parsed = VersionField.safeParse(raw);
	return parsed.success ? parsed.data : null;
}

/**
 * The domain's input from a posted form, saved by `save`. A form with a field's problem is
 * answered only to whom may edit the catalogue (to anyone else the page does not exist), as the
 * domain's own refusal would have been.
 */
async function saveAs(
	kind: Kind,
	caller: UserContext,
	values: CatalogueValues,
	save: {
		product: (input: ProductInput) => Promise<SaveResult>;
		plan: (input: PlanInput) => Promise<SaveResult>;
	}
): Promise<SaveResult> {
	const parsed =
		kind === 'product' ? parsedForm(ProductInput, values) : parsedForm(PlanInput, values);
	if (parsed.ok) {
		return kind === 'product'
			? save.product(parsed.input as ProductInput)
			: save.plan(parsed.input as PlanInput);
	}
	const { productsAdmin, plansAdmin } = services();
	await (kind === 'product' ? productsAdmin : plansAdmin).mayEdit(caller);
	return { ok: false, reason: 'invalid', errors: parsed.errors };
}

/** A posted catalogue form: its values as typed and the version it was made from. */
async function readRecord(event: RequestEvent) {
	const data = await event.request.formData();
	return accepted({ values: catalogueValues(data), version: versionOf(data.get('version')) });
}
type PostedRecord = { values: CatalogueValues; version: number | null };

/** The create form of a product or a plan: on success, to the new record's page (`listPath/id`). */
export function catalogueCreateAction(kind: Kind, listPath: string) {
	return (event: RequestEvent) =>
		formAction(event, {
			read: readRecord,
			run: ({ values }: PostedRecord, caller) => {
				const { productsAdmin, plansAdmin } = services();
				return saveAs(kind, caller, values, {
					product: (input) => productsAdmin.createProduct(caller, input),
					plan: (input) => plansAdmin.create(caller, input)
				});
			},
			answer(result, _typed, { values }) {
				if (!result.ok) return invalidAnswer(values, 'errors' in result ? result.errors : {});
				redirect(303, `${localizePath(`${listPath}/${result.id}`, event.locals.locale)}?created=1`);
			}
		});
}

/**
 * The actions of a product's or a plan's page: save the form, take it off sale or back, delete it
 * (then back to `listPath`). Each is one domain call, answered as the form expects.
 */
export function catalogueRecordActions(kind: Kind, listPath: string) {
	/** The posted form's version; one that cannot be a version names no record. */
	const postedVersion = async (event: RequestEvent) => {
		const { input } = await readRecord(event);
		if (input.version === null) error(404, 'Not found');
		return accepted(input.version);
	};
	const setActive = (event: RecordEvent, active: boolean) =>
		formAction(event, {
			read: postedVersion,
			run: (version: number, caller) =>
				services().productsAdmin.setActive(caller, event.params.id, version, active),
			answer: (result) => activeAnswer(result, event.locals.locale, active)
		});
	return {
		save: (event: RecordEvent) =>
			formAction(event, {
				read: readRecord,
				run: ({ values, version }: PostedRecord, caller) => {
					const { id } = event.params;
					const { productsAdmin, plansAdmin } = services();
					// Each field's problem is told before a stale or broken version is.
					return saveAs(kind, caller, values, {
						product: (input) =>
							version === null
								? notFound()
								: productsAdmin.updateProduct(caller, id, version, input),
						plan: (input) =>
							version === null ? notFound() : plansAdmin.update(caller, id, version, input)
					});
				},
				answer: (result, _typed, { values }) => saveAnswer(result, values, event.locals.locale)
			}),
		deactivate: (event: RecordEvent) => setActive(event, false),
		activate: (event: RecordEvent) => setActive(event, true),
		delete: (event: RecordEvent) =>
			formAction(event, {
				read: postedVersion,
				run: (version: number, caller) =>
					services().productsAdmin.remove(caller, event.params.id, version),
				answer(result) {
					if (result.ok) redirect(303, `${localizePath(listPath, event.locals.locale)}?deleted=1`);
					return activeAnswer(result, event.locals.locale);
				}
			})
	};
}

/** What the domain answers for a record it cannot find. */
const notFound = async (): Promise<SaveResult> => ({ ok: false, reason: 'not_found' });

/** The product's picture: its own multipart form (the rest of the product is a plain one). */
export function productPictureAction(event: RecordEvent) {
	return formAction(event, {
		read: async () => accepted(await postedPicture(event.request)),
		async run({ version: raw, values, upload }: Picture, caller) {
			const version = versionOf(raw);
			if (version !== null) {
				return services().productsAdmin.setImage(caller, event.params.id, version, values, upload);
			}
			await services().productsAdmin.mayEdit(caller);
			return notFound();
		},
		answer(result, _typed, { values }) {
			if (result.ok) {
				redirect(
					303,
					localizePath(`/admin/shop/products/${event.params.id}?picture=1`, event.locals.locale)
				);
			}
			const errors =
				result.reason === 'invalid'
					? Object.fromEntries(
							Object.entries(result.errors).map(([k, code]) => [k, errorText(code)])
						)
					: { image: m.admin_content_conflict() };
			return fail(result.reason === 'invalid' ? 400 : 409, {
				pictureValues: values,
				pictureErrors: errors
			});
		}
	});
}
type Picture = Awaited<ReturnType<typeof postedPicture>>;
