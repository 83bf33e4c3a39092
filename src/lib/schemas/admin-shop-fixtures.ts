// Product and plan forms as an admin types them, for the tests of the schemas and of the domain.
import { catalogueValues, PlanInput, ProductInput, type CatalogueValues } from './admin-shop';

/** A product form as typed: a mug at 199 kr, on sale, with `extra` typed over it. */
export const productForm = (extra: Partial<CatalogueValues> = {}): CatalogueValues => ({
	...catalogueValues(new FormData()),
	nameNo: 'Ølkrus på Åsen',
	nameEn: 'Beer mug',
	price: '199',
	category: 'merch',
	active: true,
	...extra
});

/** A product form's values as the web edge hands them to the domain. */
export const productInput = (extra: Partial<CatalogueValues> = {}) =>
	ProductInput.parse(productForm(extra));

/** A plan form's values as the web edge hands them to the domain: a year for 100 kr. */
export const planInput = (extra: Partial<CatalogueValues> = {}) =>
	PlanInput.parse(
		productForm({
			nameNo: 'Medlemskap, sommer',
			nameEn: 'Membership, summer',
			price: '100',
			period: 'year',
			audience: 'regular',
			months: '12',
			...extra
		})
	);
