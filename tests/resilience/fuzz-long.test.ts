// The bad-input properties of tests/integration/fuzz-*.test.ts with many more runs: every /api
// route, every form action and the pages' query strings. FUZZ_RUNS overrides the counts.
//
// The run stops by itself: FUZZ_MINUTES (8 unless given) is shared out over the targets, and a
// target ends at its count or its share of the time, whichever comes first. With ~90 targets a
// count alone grew with every form action added, to over an hour on a 2-core machine.
import { afterAll, describe, it } from 'vitest';
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

const minutes = Number(process.env.FUZZ_MINUTES) > 0 ? Number(process.env.FUZZ_MINUTES) : 8;
/** The page loads get five shares: they cover every page, not one route. */
const PAGE_SHARES = 5;
const share = (minutes * 60_000) / (API_ROUTES.length + FORM_ACTIONS.length + PAGE_SHARES);
/** A run already under way when the share ends is finished; this leaves room for it. */
const timeout = (shares: number) => shares * share + 60_000;

const made: string[] = [];
afterAll(() => {
	console.log(`runs per target (${minutes} min shared out):\n${made.join('\n')}`);
});

describe('hostile requests, long run', () => {
	for (const route of API_ROUTES) {
		it(
			`${route.path}: no 5xx, no internals, the error envelope, no row changed when refused`,
			async () => {
				made.push(`${await fuzzApiRoute(ctx(), route, runs(300), share)}\t${route.path}`);
			},
			timeout(1)
		);
	}
	for (const action of FORM_ACTIONS) {
		it(
			`${action}: no 5xx, no internals, no row changed when refused`,
			async () => {
				made.push(`${await fuzzFormAction(ctx(), action, runs(150), share)}\t${action}`);
			},
			timeout(1)
		);
	}
	it(
		'page loads with hostile query strings, paths and headers',
		async () => {
			made.push(`${await fuzzPages(ctx(), runs(2000), PAGE_SHARES * share)}\tpage loads`);
		},
		timeout(PAGE_SHARES)
	);
});
