// The bad-input properties of tests/integration/fuzz-*.test.ts with many more runs: every /api
// route, every form action and the pages' query strings. FUZZ_RUNS overrides the counts.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runs } from '../helpers/fuzz';
import {
	API_ROUTES,
	FORM_ACTIONS,
	FUZZ_ENV,
	fuzzApiRoute,
	fuzzContext,
	fuzzFormAction,
	fuzzPages,
	type FuzzContext
} from '../helpers/fuzz-targets';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let ctx: FuzzContext;

beforeAll(async () => {
	server = await startServer(FUZZ_ENV);
	ctx = fuzzContext(server);
});
afterAll(() => server?.stop());

describe('hostile requests, long run', () => {
	for (const route of API_ROUTES) {
		it(`${route.path}: no 5xx, no internals, the error envelope, no row changed when refused`, async () => {
			await fuzzApiRoute(ctx, route, runs(300));
		}, 300_000);
	}
	for (const action of FORM_ACTIONS) {
		it(`${action}: no 5xx, no internals, no row changed when refused`, async () => {
			await fuzzFormAction(ctx, action, runs(150));
		}, 300_000);
	}
	it('page loads with hostile query strings, paths and headers', async () => {
		await fuzzPages(ctx, runs(2000));
	}, 300_000);
});
