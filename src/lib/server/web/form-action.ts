// How the people pages' form actions run: the post parsed with its zod schema (a refused one
// keeps what was typed, except a password, and names the fields that failed), one domain call,
// and its answer mapped. A caller the roles module refuses learns nothing: 404, as for the pages
// themselves. A refusal of the domain (the last leader, one's own grant) is a 4xx with its reason.
import { error, fail, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { invalidFields } from '$lib/schemas/admin-people';
import type { UserContext } from '../context';
import { unlessDenied } from '../identity/roles';

type Outcome = { ok: true } | { ok: false; reason: string };

export interface FormAnswer {
	/** Which of the page's forms answered. */
	action: string;
	values: Record<string, string>;
	errors: string[];
	reason: string | null;
}

/** The post's text fields as typed, for a refused form to show again; never a password. */
export function typedValues(form: FormData): Record<string, string> {
	const values: Record<string, string> = {};
	for (const [key, value] of form) {
		if (typeof value === 'string' && key !== 'password') values[key] = value;
	}
	return values;
}

export async function formAction<S extends z.ZodType, R extends Outcome>(
	event: RequestEvent,
	action: string,
	schema: S,
	run: (input: z.infer<S>, ctx: UserContext) => Promise<R>
) {
	const form = await event.request.formData();
	const values = typedValues(form);
	const parsed = schema.safeParse(Object.fromEntries(form));
	if (!parsed.success) {
		return fail(400, {
			action,
			values,
			errors: invalidFields(parsed.error),
			reason: null
		} satisfies FormAnswer);
	}
	const ctx = event.locals.caller;
	const result = await unlessDenied(run(parsed.data, ctx));
	if (result === null) error(404, 'Not found');
	if (!result.ok) {
		return fail(result.reason === 'not_found' ? 404 : 409, {
			action,
			values,
			errors: [],
			reason: result.reason
		} satisfies FormAnswer);
	}
	const answer: FormAnswer = { action, values: {}, errors: [], reason: null };
	return { ...result, ...answer };
}
