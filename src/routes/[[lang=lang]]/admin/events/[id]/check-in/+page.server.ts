import { checkInAction, doorPage } from '$lib/server/web/check-in';
import type { Actions, PageServerLoad } from './$types';

// An event's door, for its organisers, made for a phone: scan tickets with the camera or find a
// name, and go on without a connection (the kit is kept on the phone, scans sync when back).
export const load: PageServerLoad = (event) => doorPage(event);

export const actions: Actions = { default: (event) => checkInAction(event) };
