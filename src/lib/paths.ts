// Which paths are pages. Shared by the server hook and the catch-all 404 route's matcher, which
// also runs in the browser: a path that is not a page must never be claimed by the client router,
// or a redirect to an API route (the checkout return) would render the 404 page in place.
const NOT_PAGES = ['/api', '/_app', '/dev'];

/** A page path is everything that is not an API route, a build asset or a root file. */
export function isPagePath(pathname: string): boolean {
	if (NOT_PAGES.some((p) => pathname === p || pathname.startsWith(p + '/'))) return false;
	const last = pathname.slice(pathname.lastIndexOf('/') + 1);
	return !last.includes('.');
}
