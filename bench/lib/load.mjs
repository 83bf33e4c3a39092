// One bounded load against one URL with autocannon, reduced to the figures the benches print.
// Every response that is not 2xx and every socket error or timeout is counted, so a figure
// measured on refusals or failures is flagged rather than mistaken for speed.
import autocannon from 'autocannon';

/** Seconds from the environment, or the default. */
export function seconds(name, fallback) {
	const value = Number(process.env[name]);
	return Number.isFinite(value) && value > 0 ? value : fallback;
}

export const QUICK = ['1', 'true', 'yes'].includes(process.env.BENCH_QUICK ?? '');

/**
 * `target`: one URL, or several (requests are spread over them in turn, e.g. mixed page load).
 * Returns { rps, p50, p99, requests, non2xx, errors, timeouts, ok }.
 */
export async function load(target, { connections, duration, headers = {} }) {
	const urls = Array.isArray(target) ? target : [target];
	const first = new URL(urls[0]);
	const result = await autocannon({
		url: first.origin,
		requests: urls.map((u) => ({
			method: 'GET',
			path: new URL(u).pathname + new URL(u).search,
			headers
		})),
		connections,
		duration,
		timeout: 10
	});
	const non2xx = result.non2xx;
	return {
		rps: Math.round(result.requests.average),
		p50: result.latency.p50,
		p99: result.latency.p99,
		requests: result.requests.total,
		non2xx,
		errors: result.errors,
		timeouts: result.timeouts,
		ok: non2xx === 0 && result.errors === 0 && result.timeouts === 0 && result.requests.total > 0
	};
}

/** What went wrong in a load that is not `ok`, for the tables. */
export function failure(r) {
	if (r.requests === 0) return 'no answer within the load FAILED';
	return `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts FAILED`;
}

/** A short unrecorded load so that the first measured second is not the JIT's warm-up. */
export function warm(target, duration = QUICK ? 0.5 : 1, headers = {}) {
	return load(target, { connections: 10, duration, headers });
}
