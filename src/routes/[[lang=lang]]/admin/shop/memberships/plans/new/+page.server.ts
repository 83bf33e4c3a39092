import { catalogueValues, type CatalogueValues } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { catalogueCreateAction } from '$lib/server/web/shop-admin';
import { catalogueFormTexts } from '$lib/server/shop/words';
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
	default: catalogueCreateAction('plan', '/admin/shop/memberships/plans')
};
