// Forms enhanced with SvelteKit's `enhance`, not the superforms client (10 kB of first-visit
// JavaScript a page): the server still validates with superforms and answers the validated form,
// which the page reads from its `form` prop. A refused enhanced post does not reset the form, so
// the fields keep what was typed.
import type { SubmitFunction } from '@sveltejs/kit';

/** `use:enhance={sending.submit}`; `sending.pending` while the post is on its way. */
export function pendingSubmit() {
	let pending = $state(false);
	const submit: SubmitFunction = () => {
		pending = true;
		return async ({ update }) => {
			try {
				await update({ reset: false });
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
