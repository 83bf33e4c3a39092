import { error } from '@sveltejs/kit';
import { z } from 'zod';
import type { ContentKind } from '$lib/admin/nav';
import { services } from '$lib/server/app';
import { unlessDenied } from '$lib/server/identity/roles';
import type { PageServerLoad } from './$types';

// One kind of content: every record the caller may edit (admins all, a unit's leaders their
// units'), searchable and filtered by state with a GET form.
const Filter = z.object({
	q: z.string().trim().max(200).optional().catch(undefined),
	state: z.enum(['draft', 'scheduled', 'published']).optional().catch(undefined)
});

export const load: PageServerLoad = async ({ locals, params, url }) => {
	const kind = params.kind as ContentKind;
	const filter = Filter.parse({
		q: url.searchParams.get('q') || undefined,
		state: url.searchParams.get('state') || undefined
	});
	const ctx = locals.caller;
	const items = await unlessDenied(services().contentEditor.list(ctx, kind, filter, locals.locale));
	if (!items) error(404, 'Not found');
	return { kind, items, filter };
};
