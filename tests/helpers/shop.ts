// A browser without JavaScript, as the shop tests need it: it keeps the cookies it is given
// (session, locale) and sends them back, and reads the checkout form's hidden total from the page
// as a browser would send it.
import { parseSetCookie } from './fixtures';

export interface Shopper {
	/** The Cookie header it sends. */
	readonly cookie: string | undefined;
	get(path: string): Promise<Response>;
	post(path: string, body: Record<string, string>): Promise<Response>;
}

export function shopper(baseUrl: string, cookie?: string): Shopper {
	const jar = new Map<string, string>();
	if (cookie) for (const pair of cookie.split('; ')) jar.set(pair.split('=')[0]!, pair);
	const self: Shopper = {
		get cookie() {
			return jar.size > 0 ? [...jar.values()].join('; ') : undefined;
		},
		async get(path) {
			const res = await fetch(baseUrl + path, {
				redirect: 'manual',
				headers: self.cookie ? { cookie: self.cookie } : {}
			});
			remember(res);
			return res;
		},
		async post(path, body) {
			const res = await fetch(baseUrl + path, {
				method: 'POST',
				redirect: 'manual',
				headers: {
					accept: 'text/html',
					origin: baseUrl,
					'content-type': 'application/x-www-form-urlencoded',
					...(self.cookie ? { cookie: self.cookie } : {})
				},
				body: new URLSearchParams(body)
			});
			remember(res);
			return res;
		}
	};
	function remember(res: Response) {
		for (const raw of res.headers.getSetCookie()) {
			const { name, value } = parseSetCookie(raw);
			jar.set(name, `${name}=${value}`);
		}
	}
	return self;
}

/** The total the checkout page put in its hidden field. */
export async function shownTotal(s: Shopper, locale = 'en'): Promise<string> {
	const html = await (await s.get(`/${locale}/shop/checkout`)).text();
	const match = /name="expectedTotalOre" value="(\d+)"/.exec(html);
	if (!match?.[1]) throw new Error('checkout page without a total');
	return match[1];
}

export const BUYER = {
	name: 'Kari Nordmann',
	email: 'kari@example.org',
	phone: '+47 912 34 567',
	terms: 'on'
};

/** Adds a product, checks out and returns the simulator page path and the order id. */
export async function checkOut(
	s: Shopper,
	slug = 'mug',
	quantity = '1'
): Promise<{ payPath: string; sessionId: string }> {
	const added = await s.post(`/en/shop/${slug}`, { quantity });
	if (added.status !== 303) throw new Error(`add to cart answered ${added.status}`);
	const expectedTotalOre = await shownTotal(s);
	const res = await s.post('/en/shop/checkout', { ...BUYER, expectedTotalOre });
	const payPath = res.headers.get('location') ?? '';
	if (res.status !== 303 || !payPath.startsWith('/dev/pay/')) {
		throw new Error(`checkout answered ${res.status} ${payPath}: ${await res.text()}`);
	}
	return { payPath, sessionId: payPath.slice('/dev/pay/'.length) };
}
