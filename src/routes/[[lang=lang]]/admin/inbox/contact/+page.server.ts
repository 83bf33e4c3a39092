import { services } from '$lib/server/app';
import { ContactFilterSchema } from '$lib/server/contact/inbox';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { PageServerLoad } from './$types';

// Contact messages, newest first: admins only (anyone else finds no such page). The filters are
// a GET form, so a filtered list can be bookmarked and works without JavaScript.
export const load: PageServerLoad = async (event) => {
	const params = event.url.searchParams;
	const filter = ContactFilterSchema.parse({
		status: params.get('status') || undefined,
		assignee: params.get('assignee') || undefined,
		q: params.get('q') || undefined
	});
	const messages = await allowedOr404(services().contactInbox.list(event.locals.caller, filter));
	return { messages, filter };
};
