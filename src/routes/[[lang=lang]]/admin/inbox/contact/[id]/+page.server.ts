import { error, fail, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { trailTexts } from '$lib/server/audit/trail-entry';
import {
	AssignSchema,
	ReplySchema,
	StatusSchema,
	type InboxResult
} from '$lib/server/contact/inbox';
import { allowedOr404, callerOf } from '$lib/server/http/admin-route';
import { typedValues } from '$lib/server/admin/form-action';
import { unlessDenied } from '$lib/server/identity/roles';
import type { Actions, PageServerLoad } from './$types';

// One contact message: what was written (shown as text), its replies, who has it, and its
// history. Assigning, the status and a reply are plain posts, each version-checked: a second
// admin acting on the same message at once is told, and what they typed stays.
export const load: PageServerLoad = async (event) => {
	const message = await allowedOr404(
		services().contactInbox.detail(callerOf(event), event.params.id, event.locals.locale)
	);
	return {
		message,
		trailTexts: trailTexts(m.contact_inbox_history(), m.contact_inbox_history_empty())
	};
};

interface Answer {
	action: 'assign' | 'status' | 'reply';
	done?: string;
	refusal?: string;
	/** The reply's problem, in words. */
	bodyError?: string;
	values: Record<string, string>;
}

const REFUSALS: Record<string, () => string> = {
	conflict: m.contact_inbox_conflict,
	invalid_assignee: m.contact_inbox_invalid_assignee
};
const BODY_ERRORS: Record<string, () => string> = {
	required: m.contact_inbox_error_required,
	too_long: m.contact_inbox_error_too_long
};
const DONE: Record<Answer['action'], () => string> = {
	assign: m.contact_inbox_assigned,
	status: m.contact_inbox_status_saved,
	reply: m.contact_inbox_replied
};

async function act<S extends z.ZodType>(
	event: RequestEvent<{ id: string; lang?: string }>,
	action: Answer['action'],
	schema: S,
	run: (input: z.infer<S>) => Promise<InboxResult>
) {
	const form = await event.request.formData();
	const values = typedValues(form);
	const parsed = schema.safeParse(Object.fromEntries(form));
	if (!parsed.success) {
		const issue = parsed.error.issues.find((i) => i.path[0] === 'body');
		if (issue) {
			const code = issue.message in BODY_ERRORS ? issue.message : 'required';
			return fail(400, { action, values, bodyError: BODY_ERRORS[code]!() } satisfies Answer);
		}
		// A missing or bad version or choice is no form a person filled in: the page again.
		return fail(400, { action, values, refusal: m.contact_inbox_conflict() } satisfies Answer);
	}
	const result = await unlessDenied(run(parsed.data));
	if (result === null) error(404, 'Not found');
	if (!result.ok) {
		if (result.reason === 'not_found') error(404, 'Not found');
		const status = result.reason === 'conflict' ? 409 : 400;
		return fail(status, { action, values, refusal: REFUSALS[result.reason]!() } satisfies Answer);
	}
	return { action, values: {}, done: DONE[action]() } satisfies Answer;
}

export const actions: Actions = {
	assign: (event) =>
		act(event, 'assign', AssignSchema, (input) =>
			services().contactInbox.assign(callerOf(event), event.params.id, input)
		),
	status: (event) =>
		act(event, 'status', StatusSchema, (input) =>
			services().contactInbox.setStatus(callerOf(event), event.params.id, input)
		),
	reply: (event) =>
		act(event, 'reply', ReplySchema, (input) =>
			services().contactInbox.reply(callerOf(event), event.params.id, input)
		)
};
