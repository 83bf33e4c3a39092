// Property-based: random and hostile posts to every form action (wrong content types, JSON,
// broken multipart, prototype keys, huge fields) and page loads with hostile query strings and
// headers never answer 5xx, never leak internals and change no row when refused.
import { describe, it } from 'vitest';
import { runs } from '../helpers/fuzz';
import { FORM_ACTIONS, fuzzFormAction, fuzzPages, useFuzzServer } from '../helpers/fuzz-targets';

const ctx = useFuzzServer();

describe('hostile form posts', () => {
	for (const action of FORM_ACTIONS) {
		it(`${action}: no 5xx, no internals, no row changed when refused`, async () => {
			await fuzzFormAction(ctx(), action, runs(12));
		}, 120_000);
	}
});

describe('hostile page loads', () => {
	it('query strings, path segments and headers: no 5xx, no internals, no row changed', async () => {
		await fuzzPages(ctx(), runs(150));
	}, 120_000);
});
