import { syncScans } from '$lib/server/web/check-in';
import type { RequestHandler } from './$types';

// A door's queue of scans made offline, sent when it is back online; a result per scan.
export const POST: RequestHandler = (event) => syncScans(event);
