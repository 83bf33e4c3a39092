// The contact message page's form actions, between the domain (contact/inbox.ts) and the page:
// the one form shape (form-action.ts): a refused reply keeps what was typed and says why, in
// words; the answer is done, 409 for a stale version, 404 for anyone the roles module refuses or
// a message that is not there.
import { error, fail, type ActionFailure, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { m } from '$lib/paraglide/messages';
import type { UserContext } from '../context';
import { formAction, zodPost } from './form-action';
import type { InboxResult } from '../contact/inbox';

export interface ContactAnswer {
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
const DONE: Record<ContactAnswer['action'], () => string> = {
	assign: m.contact_inbox_assigned,
	status: m.contact_inbox_status_saved,
	reply: m.contact_inbox_replied
};

export function contactAction<S extends z.ZodType>(
	event: RequestEvent<{ id: string; lang?: string }>,
	action: ContactAnswer['action'],
	schema: S,
	run: (input: z.infer<S>, caller: UserContext) => Promise<InboxResult>
) {
	return formAction<z.infer<S>, InboxResult, Answer>(event, {
		read: zodPost(schema, (issues, values) => {
			const issue = issues.issues.find((i) => i.path[0] === 'body');
			if (issue) {
				const code = issue.message in BODY_ERRORS ? issue.message : 'required';
				return fail(400, {
					action,
					values,
					bodyError: BODY_ERRORS[code]!()
				} satisfies ContactAnswer);
			}
			// A missing or bad version or choice is no form a person filled in: the page again.
			return fail(400, {
				action,
				values,
				refusal: m.contact_inbox_conflict()
			} satisfies ContactAnswer);
		}),
		run,
		answer(result, values) {
			if (result.ok) return { action, values: {}, done: DONE[action]() } satisfies ContactAnswer;
			if (result.reason === 'not_found') error(404, 'Not found');
			const status = result.reason === 'conflict' ? 409 : 400;
			return fail(status, {
				action,
				values,
				refusal: REFUSALS[result.reason]!()
			} satisfies ContactAnswer);
		}
	});
}

type Answer = ContactAnswer | ActionFailure<ContactAnswer>;
