import { register, showRegistration, unregister } from '$lib/server/web/registration';
import type { RequestHandler } from './$types';

// An event's registration for the signed-in member: the counts and their own place (GET), a final
// answer to registering (POST) and to giving it up (DELETE). The rules are web/registration.ts.
export const GET: RequestHandler = (event) => showRegistration(event);
export const POST: RequestHandler = (event) => register(event);
export const DELETE: RequestHandler = (event) => unregister(event);
