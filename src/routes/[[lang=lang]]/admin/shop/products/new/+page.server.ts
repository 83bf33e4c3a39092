import { catalogueValues, type CatalogueValues } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { catalogueCreateAction } from '$lib/server/web/shop-admin';
import { catalogueFormTexts } from '$lib/server/shop/words';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { Actions, PageServerLoad } from './$types';

const BLANK: CatalogueValues = {
	...catalogueValues(new FormData()),
	category: 'merch',
	active: true
};

export const load: PageServerLoad = async (event) => ({
	options: await allowedOr404(services().productsAdmin.formOptions(event.locals.caller)),
	values: BLANK,
	texts: catalogueFormTexts('product')
});

export const actions: Actions = {
	default: catalogueCreateAction('product', '/admin/shop/products')
};
