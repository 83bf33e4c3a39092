// sharp (libvips) adds about 28 MB of resident memory the moment it is loaded, and most requests
// never touch an image: it is loaded at the first image work, not when the server starts (the
// budget is < 120 MB idle; see docs/decisions.md).
import type sharpModule from 'sharp';

type SharpFactory = typeof sharpModule;

let loading: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
	loading ??= import('sharp').then((m) => m.default);
	return loading;
}
