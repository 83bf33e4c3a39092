import { m } from '$lib/paraglide/messages';

// Where each kind of catalogue record is listed in the admin area, and what its pages are called:
// the new and edit pages of a product and of a membership plan differ only in these.
export const CATALOGUE_PAGES = {
	product: {
		list: '/admin/shop/products',
		back: m.admin_shop_product_back,
		description: m.admin_shop_products_description,
		newTitle: m.admin_shop_product_new_title,
		editTitle: m.admin_shop_product_edit_title
	},
	plan: {
		list: '/admin/shop/memberships',
		back: m.admin_shop_plan_back,
		description: m.admin_shop_memberships_description,
		newTitle: m.admin_shop_plan_new_title,
		editTitle: m.admin_shop_plan_edit_title
	}
} as const;
