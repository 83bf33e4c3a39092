// The bad-input properties of tests/integration/fuzz-*.test.ts with many more runs: every /api
// route, every form action and the pages' query strings. FUZZ_RUNS overrides the counts.
import { describe, it } from 'vitest';
import { runs } from '../helpers/fuzz';
import {
	API_ROUTES,
	FORM_ACTIONS,
	fuzzApiRoute,
	fuzzFormAction,
	fuzzPages,
	useFuzzServer
} from '../helpers/fuzz-targets';

const ctx = useFuzzServer();

describe('hostile requests, long run', () => {
	for (const route of API_ROUTES) {
		it(`${route.path}: no 5xx, no internals, the error envelope, no row changed when refused`, async () => {
			await fuzzApiRoute(ctx(), route, runs(300));
		}, 300_000);
	}
	for (const action of FORM_ACTIONS) {
		it(`${action}: no 5xx, no internals, no row changed when refused`, async () => {
			await fuzzFormAction(ctx(), action, runs(150));
		}, 300_000);
	}
	it('page loads with hostile query strings, paths and headers', async () => {
		await fuzzPages(ctx(), runs(2000));
	}, 300_000);
});
