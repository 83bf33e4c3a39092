import { scanTicket } from '$lib/server/web/check-in';
import type { RequestHandler } from './$types';

// One scan at an event's door: the ticket checked and, the first time, checked in (web/check-in.ts).
export const POST: RequestHandler = (event) => scanTicket(event);
