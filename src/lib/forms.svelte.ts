// Forms enhanced with SvelteKit's `enhance`, not the superforms client (10 kB of first-visit
// JavaScript a page): the server still validates with superforms and answers the validated form,
// which the page reads from its `form` prop. A refused enhanced post never resets the form, so the
// fields keep what was typed; `reset` says whether one that succeeds does, also when it answers with
// a redirect back to the page (post/redirect/get: SvelteKit itself resets only on a success).
// A redirect to another site (a payment provider) is followed by SvelteKit as a full navigation.
import type { SubmitFunction } from '@sveltejs/kit';

/** `use:enhance={sending.submit}`; `sending.pending` while the post is on its way. */
export function pendingSubmit(options: { reset?: boolean } = {}) {
	let pending = $state(false);
	const submit: SubmitFunction = () => {
		pending = true;
		return async ({ update, result, formElement }) => {
			try {
				if (options.reset && result.type === 'redirect') formElement.reset();
				await update({ reset: options.reset ?? false });
			} finally {
				pending = false;
			}
		};
	};
	return {
		get pending() {
			return pending;
		},
		submit
	};
}
