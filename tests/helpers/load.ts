// A bounded checkout load on a test server: many shoppers at once walk cart → checkout → the
// simulator's hosted page, and each records what the server answered and when. Loopback only,
// a fixed number of shoppers, and it stops when told to (or when the server goes away).
import { BUYER, shopper, shownTotal, type Shopper } from './shop';

export interface Flow {
	shopper: Shopper;
	slug: string;
	quantity: number;
	/** Set when checkout answered 303 to the payment page. */
	sessionId?: string;
	checkedOutAt?: number;
	/** Set when the hosted page's approve answered 303 to the return URL. */
	orderId?: string;
	approvedAt?: number;
	/** The shopper means to leave the payment page without deciding. */
	abandons: boolean;
	refused?: string;
}

export interface LoadOptions {
	shoppers: number;
	concurrency: number;
	/** Products and how many of each a shopper takes, chosen round-robin. */
	picks: { slug: string; quantity: number }[];
	/** Every n-th shopper leaves the payment open (0: nobody). */
	abandonEvery?: number;
}

export function checkoutLoad(url: string, options: LoadOptions) {
	const flows: Flow[] = [];
	let next = 0;
	let stopped = false;

	async function walk(flow: Flow) {
		const s = flow.shopper;
		const added = await s.post(`/en/shop/${flow.slug}`, { quantity: String(flow.quantity) });
		if (added.status !== 303) {
			flow.refused = `add ${added.status}`;
			return;
		}
		const expectedTotalOre = await shownTotal(s);
		const res = await s.post('/en/shop/checkout', { ...BUYER, expectedTotalOre });
		const location = res.headers.get('location') ?? '';
		if (res.status !== 303 || !location.startsWith('/dev/pay/')) {
			flow.refused = `checkout ${res.status}`;
			return;
		}
		flow.sessionId = location.slice('/dev/pay/'.length);
		flow.checkedOutAt = Date.now();
		if (stopped) return;
		await s.get(location);
		if (flow.abandons || stopped) return;
		const approved = await s.post(`${location}?/approve`, {});
		const back = approved.headers.get('location') ?? '';
		const orderId = /orderId=([^&]+)/.exec(back)?.[1];
		if (approved.status === 303 && orderId) {
			flow.orderId = decodeURIComponent(orderId);
			flow.approvedAt = Date.now();
		} else {
			flow.refused = `approve ${approved.status}`;
		}
	}

	async function worker() {
		while (!stopped && next < options.shoppers) {
			const i = next++;
			const pick = options.picks[i % options.picks.length]!;
			const flow: Flow = {
				shopper: shopper(url),
				slug: pick.slug,
				quantity: pick.quantity,
				abandons: !!options.abandonEvery && i % options.abandonEvery === options.abandonEvery - 1
			};
			flows.push(flow);
			try {
				await walk(flow);
			} catch (error) {
				// The server went away mid-request (the crash test kills it): not a success.
				flow.refused = `error ${(error as Error).message}`;
			}
		}
	}

	let finished = false;
	const done = Promise.all(Array.from({ length: options.concurrency }, worker)).then(() => {
		finished = true;
	});
	return {
		flows,
		done,
		/** Whether every shopper has finished (or the load was stopped and has wound down). */
		finished: () => finished,
		stop() {
			stopped = true;
		},
		checkedOut: () => flows.filter((f) => f.sessionId).length
	};
}

/** Resolves once `condition` holds, checking every 20 ms; rejects after `ms`. */
export async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
	const deadline = Date.now() + ms;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 20));
	}
}
