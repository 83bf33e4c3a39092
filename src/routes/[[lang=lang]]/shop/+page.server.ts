import { services } from '$lib/server/app';
import { parseShopFilter } from '$lib/server/content';
import { keepUntil } from '$lib/server/web/page-cache';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, url, setHeaders }) => {
	const shop = await services().content.shop(locals.locale, parseShopFilter(url.searchParams));
	// "May be available again at 12:34" is not shown from the page cache after 12:34.
	keepUntil(
		setHeaders,
		shop.products.map((p) => p.heldUntil)
	);
	return shop;
};
