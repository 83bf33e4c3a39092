// Requests as a browser without JavaScript makes them, for integration tests.

/** A same-origin form post that wants the HTML page back (not SvelteKit's JSON action answer). */
export function postForm(
	origin: string,
	path: string,
	body: Record<string, string>,
	headers: Record<string, string> = {}
): Promise<Response> {
	return fetch(origin + path, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			accept: 'text/html',
			origin,
			'content-type': 'application/x-www-form-urlencoded',
			...headers
		},
		body: new URLSearchParams(body)
	});
}

/** The text of a page's <main>, tags stripped and spaces collapsed. */
export function mainText(html: string): string {
	const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
	return main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}
