import { error, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { catalogueValues } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { activeAnswer, catalogueFormState, saveAnswer } from '$lib/server/http/admin-form';
import { allowedOr404, callerOf } from '$lib/server/http/admin-route';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// One membership plan: its form (names, price, period, months, on sale), taking it off sale or
// deleting it (refused once bought), with its audit trail.
export const load: PageServerLoad = async (event) => {
	const found = await allowedOr404(services().productsAdmin.get(callerOf(event), event.params.id));
	if (!found.product.plan) error(404, 'Not found');
	return { ...found, ...catalogueFormState(found.product, event.locals.locale, event.url) };
};

const form = async (event: RequestEvent) => {
	const data = await event.request.formData();
	return { values: catalogueValues(data), version: data.get('version') };
};

export const actions: Actions = {
	save: async (event) => {
		const { values, version } = await form(event);
		const result = await allowedOr404(
			services().productsAdmin.updatePlan(callerOf(event), event.params.id, version, values)
		);
		return saveAnswer(result, values, event.locals.locale);
	},
	deactivate: (event) => setActive(event, false),
	activate: (event) => setActive(event, true),
	delete: async (event) => {
		const { version } = await form(event);
		const result = await allowedOr404(
			services().productsAdmin.remove(callerOf(event), event.params.id, version)
		);
		if (result.ok) {
			redirect(303, `${localizePath('/admin/shop/memberships', event.locals.locale)}?deleted=1`);
		}
		return activeAnswer(result);
	}
};

async function setActive(event: RequestEvent, active: boolean) {
	const { version } = await form(event);
	const result = await allowedOr404(
		services().productsAdmin.setActive(callerOf(event), event.params.id, version, active)
	);
	return activeAnswer(result, active);
}
