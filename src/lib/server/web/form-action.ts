// The one shape of a form action: read the post into the domain's typed input (or the page's
// answer why not), make one domain call as the caller on event.locals, and turn its outcome into
// the page's answer. A caller the domain refuses (not signed in, not allowed, no such record)
// learns nothing: the 404 page, unless the form says otherwise. Each form's glue in web/ is a
// spec of this shape; what differs is only how it reads and what it answers.
import { error, fail, type ActionFailure, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { invalidFields } from '$lib/schemas/admin-people';
import type { UserContext } from '../context';
import { unlessDenied } from '../identity/roles';

/** The post as typed input, with its text fields as typed (for a refused form to show again). */
export type Read<I, A> = { input: I; values: Record<string, string> } | { refused: A };

/** A post read into the domain's input (`values`: its text fields as typed). */
export const accepted = <I>(input: I, values: Record<string, string> = {}) => ({ input, values });
/** A post refused before the domain is asked: the page's answer. */
export const refused = <A>(answer: A) => ({ refused: answer });

export interface FormSpec<I, R, A, F = A> {
	read(event: RequestEvent): Promise<Read<I, F>>;
	run(input: I, caller: UserContext): Promise<R>;
	answer(result: R, values: Record<string, string>, input: I): A;
	/** The answer to a caller the domain refuses; without it, the 404 page. */
	denied?(input: I): A;
}

export async function formAction<I, R, A, F = A>(
	event: RequestEvent,
	spec: FormSpec<I, R, A, F>
): Promise<A | F> {
	const read = await spec.read(event);
	if ('refused' in read) return read.refused;
	const result = await unlessDenied(spec.run(read.input, event.locals.caller));
	if (result === null) {
		if (spec.denied) return spec.denied(read.input);
		error(404, 'Not found');
	}
	return spec.answer(result, read.values, read.input);
}

/** The post's text fields as typed, for a refused form to show again; never a password. */
export function typedValues(form: FormData): Record<string, string> {
	const values: Record<string, string> = {};
	for (const [key, value] of form) {
		if (typeof value === 'string' && key !== 'password') values[key] = value;
	}
	return values;
}

/** A reader of the post's fields by a zod schema; `refusal` answers a post the schema refuses. */
export function zodPost<S extends z.ZodType, A>(
	schema: S,
	refusal: (issues: z.ZodError, values: Record<string, string>) => A
) {
	return async (event: RequestEvent): Promise<Read<z.infer<S>, A>> => {
		const form = await event.request.formData();
		const values = typedValues(form);
		const parsed = schema.safeParse(Object.fromEntries(form));
		return parsed.success ? accepted(parsed.data, values) : refused(refusal(parsed.error, values));
	};
}

type Outcome = { ok: true } | { ok: false; reason: string };

export interface FormAnswer {
	/** Which of the page's forms answered. */
	action: string;
	values: Record<string, string>;
	errors: string[];
	reason: string | null;
}

/**
 * The people, team and safety pages' forms: a refused post keeps what was typed (not a password)
 * and names the fields that failed; a refusal of the domain (the last leader, one's own grant) is
 * a 4xx with its reason.
 */
export function adminAction<S extends z.ZodType, R extends Outcome>(
	event: RequestEvent,
	action: string,
	schema: S,
	run: (input: z.infer<S>, caller: UserContext) => Promise<R>
) {
	return formAction<z.infer<S>, R, ActionFailure<FormAnswer> | (R & FormAnswer)>(event, {
		read: zodPost(schema, (issues, values) =>
			fail(400, {
				action,
				values,
				errors: invalidFields(issues),
				reason: null
			} satisfies FormAnswer)
		),
		run,
		answer(result: R, values) {
			if (result.ok) {
				const answer: FormAnswer = { action, values: {}, errors: [], reason: null };
				return { ...result, ...answer };
			}
			const status = result.reason === 'not_found' ? 404 : 409;
			return fail(status, {
				action,
				values,
				errors: [],
				reason: result.reason
			} satisfies FormAnswer);
		}
	});
}
