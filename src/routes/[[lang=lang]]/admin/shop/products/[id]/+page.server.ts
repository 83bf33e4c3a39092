import { redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { catalogueValues } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { allowedOr404, callerOf } from '$lib/server/http/admin-route';
import { activeAnswer, catalogueFormState, saveAnswer } from '$lib/server/http/admin-form';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// One product: its form (save), take it off sale or back, delete it; with its audit trail.
export const load: PageServerLoad = async (event) => {
	const { productsAdmin } = services();
	const ctx = callerOf(event);
	const [found, options] = await Promise.all([
		allowedOr404(productsAdmin.get(ctx, event.params.id)),
		allowedOr404(productsAdmin.formOptions(ctx))
	]);
	// A membership plan is edited with its plan fields.
	if (found.product.plan) {
		redirect(
			307,
			localizePath(`/admin/shop/memberships/plans/${found.product.id}`, event.locals.locale)
		);
	}
	return {
		...found,
		options,
		...catalogueFormState(found.product, event.locals.locale, event.url)
	};
};

const form = async (event: RequestEvent) => {
	const data = await event.request.formData();
	return { values: catalogueValues(data), version: data.get('version') };
};

export const actions: Actions = {
	save: async (event) => {
		const { values, version } = await form(event);
		const result = await allowedOr404(
			services().productsAdmin.updateProduct(callerOf(event), event.params.id, version, values)
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
			redirect(303, `${localizePath('/admin/shop/products', event.locals.locale)}?deleted=1`);
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
