// Signing and checking tickets on the server (the format is $lib/tickets/format.ts). A ticket is
// signed with the keyring's Ed25519 key for tickets; any configured key's signature verifies, so
// tickets issued before a key rotation still check in. No database here: a ticket's signature
// says only that the site issued it, not that its registration still holds a seat.
import { sign, verify } from 'node:crypto';
import type { SigningKeys } from '../crypto/keyring';
import { parseTicket, ticketBody, toBase64url, type TicketClaims } from '$lib/tickets/format';

export const TICKET_PURPOSE = 'ticket signing';

/** Why a string is not a ticket of this site: not shaped like one, or its signature fails. */
export type TicketFault = 'malformed' | 'forged';

export function issueTicket(
	keys: SigningKeys,
	claims: { eventId: string; registrationId: string }
): string {
	const body = ticketBody(keys.current.id, claims);
	const signature = sign(null, Buffer.from(body, 'ascii'), keys.current.privateKey);
	return `${body}.${toBase64url(signature)}`;
}

export function readTicket(
	keys: SigningKeys,
	token: string
): { ok: true; claims: TicketClaims } | { ok: false; fault: TicketFault } {
	const parts = parseTicket(token);
	if (!parts) return { ok: false, fault: 'malformed' };
	const key = keys.verifying.find((k) => k.id === parts.keyId);
	// A key id no configured key has is a signature nobody here made: forged, as an altered one.
	if (!key || !verify(null, parts.signed, key.key, parts.signature)) {
		return { ok: false, fault: 'forged' };
	}
	const { version, eventId, registrationId } = parts;
	return { ok: true, claims: { version, eventId, registrationId } };
}
