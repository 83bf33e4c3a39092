import { fail, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { FollowUpForm, FollowUpReplyForm } from '$lib/schemas/safety';
import { services } from '$lib/server/app';
import { originOf } from '$lib/server/web/auth';
import { clientOf } from '$lib/server/web/guard';
import { anonymousClient } from '$lib/server/safety/anonymous-client';
import type { ReporterView } from '$lib/server/safety';
import type { Actions } from './$types';

// The reporter's way back: receipt code and passphrase, posted (never in the URL), open the report
// and its conversation and let them answer. Any wrong code or passphrase gets one answer, and
// every attempt counts against the address's limit. The code and passphrase go back into the
// page for the next answer only; the page is not kept by the browser's cache.
type Answer =
	| { view: ReporterView; code: string; passphrase: string; replied: boolean }
	| { refused: 'invalid' | 'wrong' | 'rate_limited'; code: string; message?: string };

async function attempt<S extends z.ZodType<{ code: string; passphrase: string }>>(
	event: RequestEvent,
	schema: S,
	run: (input: z.infer<S>) => Promise<ReporterView | null>
) {
	event.setHeaders({ 'cache-control': 'no-store' });
	const posted = Object.fromEntries(await event.request.formData());
	const code = typeof posted.code === 'string' ? posted.code.slice(0, 64) : '';
	const message = typeof posted.message === 'string' ? posted.message : undefined;
	const parsed = schema.safeParse(posted);
	if (!parsed.success) return fail(400, { refused: 'invalid', code, message } satisfies Answer);
	const client = anonymousClient(clientOf(event));
	if (!(await services().rateLimit('safety_follow_up', client)).allowed) {
		return fail(429, { refused: 'rate_limited', code, message } satisfies Answer);
	}
	const view = await run(parsed.data);
	if (!view) return fail(400, { refused: 'wrong', code, message } satisfies Answer);
	const { passphrase } = parsed.data;
	return { view, code, passphrase, replied: message !== undefined } satisfies Answer;
}

export const actions: Actions = {
	open: (event) => attempt(event, FollowUpForm, (input) => services().safety.follow(input)),
	reply: (event) =>
		attempt(event, FollowUpReplyForm, (input) =>
			services().safety.replyAsReporter({ ...input, origin: originOf(event) })
		)
};
