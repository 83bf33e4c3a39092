import { ticketPage } from '$lib/server/web/tickets';
import type { PageServerLoad } from './$types';

// A member's ticket for an event, large, to show at the door (the confirmation e-mail links here).
export const load: PageServerLoad = (event) => ticketPage(event);
