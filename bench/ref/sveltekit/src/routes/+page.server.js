// Ten items made on every request, as a page's load would read them from a store.
export function load() {
	const now = Date.now();
	return {
		items: Array.from({ length: 10 }, (_, i) => ({
			id: `item-${i + 1}`,
			title: `Item number ${i + 1}`,
			at: new Date(now + i * 86_400_000).toISOString()
		}))
	};
}
