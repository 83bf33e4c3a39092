// Links with a query string (filters, tabs) built the same way on server and browser.

/** `path` with the given parameters in order; empty and undefined values are left out. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
	const query = Object.entries(params)
		.filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
		.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
		.join('&');
	return query ? `${path}?${query}` : path;
}
