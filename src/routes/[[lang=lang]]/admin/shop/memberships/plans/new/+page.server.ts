import { redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { catalogueValues, type CatalogueValues } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { invalidAnswer } from '$lib/server/web/shop-admin';
import { catalogueFormTexts } from '$lib/server/web/admin-shop-text';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { Actions, PageServerLoad } from './$types';

const BLANK: CatalogueValues = {
	...catalogueValues(new FormData()),
	period: 'semester',
	audience: 'student',
	months: '6',
	active: true
};

export const load: PageServerLoad = async (event) => {
	// The form needs nothing from the store; asking for the plans checks the caller.
	await allowedOr404(services().membershipsAdmin.plans(event.locals.caller));
	return { values: BLANK, texts: catalogueFormTexts('plan') };
};

export const actions: Actions = {
	default: async (event) => {
		const values = catalogueValues(await event.request.formData());
		const result = await allowedOr404(
			services().productsAdmin.createPlan(event.locals.caller, values)
		);
		if (!result.ok) return invalidAnswer(values, 'errors' in result ? result.errors : {});
		redirect(
			303,
			`${localizePath(`/admin/shop/memberships/plans/${result.id}`, event.locals.locale)}?created=1`
		);
	}
};
