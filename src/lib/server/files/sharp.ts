// sharp (libvips) adds about 28 MB of resident memory the moment it is loaded, and most requests
// never touch an image: it is loaded at the first image work, not when the server starts (the
// budget is < 120 MB idle; see docs/decisions.md). Its operation cache (up to 50 MB of decoded
// images kept for reuse) and a thread per core for each image serve a site that resizes the same
// pictures over and over; this server looks at each upload once, so it keeps nothing and uses one
// thread: after the hostile-file corpus that left about 20 MB less resident (docs/decisions.md,
// resident memory after hostile files).
import type sharpModule from 'sharp';

type SharpFactory = typeof sharpModule;

let loading: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
	loading ??= import('sharp').then(({ default: sharp }) => {
		sharp.cache(false);
		sharp.concurrency(1);
		return sharp;
	});
	return loading;
}
