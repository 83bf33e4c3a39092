// What the safety forms' rate limits count under instead of the client's address: an HMAC of it
// with a key made at start and never stored or shared. The counters (memory, or PostgreSQL's
// rate_limits table) therefore hold nothing that names an address even to someone with the
// database, and nothing links a count to a report. The cost: several instances on one PostgreSQL
// each count on their own, so a client spread over them gets the limit once per instance.
import { createHmac, randomBytes } from 'node:crypto';

const KEY = randomBytes(32);

export function anonymousClient(address: string): string {
	return createHmac('sha256', KEY).update(address).digest('base64url').slice(0, 22);
}
