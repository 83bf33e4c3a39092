// The admin's event form as a browser posts it: a published event of the events team in Oslo.
export const eventForm = (extra: Record<string, string> = {}) => ({
	title_no: 'Vinterball',
	title_en: 'Winter ball',
	summary_no: 'Dans.',
	summary_en: 'Dancing.',
	body_no: 'Ta med **festklær**.',
	body_en: 'Bring **your best clothes**.',
	starts_at: '2027-01-15T19:00',
	ends_at: '2027-01-15T23:00',
	location: 'Aulaen',
	category: 'social',
	campus_id: 'oslo',
	unit_id: 'events-oslo',
	price_ore: '250',
	capacity: '',
	product_id: '',
	publication: 'published',
	publish_at: '',
	...extra
});
