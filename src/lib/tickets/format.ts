// A ticket's wire form, shared by the server that signs and checks it and the door page that
// checks it offline: `<key id>.<payload>.<signature>`, each part base64url, the payload
// `1\n<event id>\n<registration id>` (1: this format's version) and the signature Ed25519 over
// `<key id>.<payload>` in ASCII. No secret here; the signing key never leaves the server.

export const TICKET_VERSION = 1;

export interface TicketClaims {
	version: number;
	eventId: string;
	registrationId: string;
}

export interface TicketParts extends TicketClaims {
	keyId: string;
	/** The bytes the signature covers. */
	signed: Uint8Array;
	signature: Uint8Array;
}

const PART = /^[A-Za-z0-9_-]+$/;
const KEY_ID = /^[0-9a-f]{8}$/;
/** Far more than a slug and a UUID need; a longer string is not a ticket, whatever it says. */
export const TICKET_MAX_LENGTH = 400;

export function fromBase64url(text: string): Uint8Array {
	const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
	return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function toBase64url(bytes: Uint8Array): string {
	let binary = '';
	for (const b of bytes) binary += String.fromCharCode(b);
	return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text a ticket signs: `<key id>.<payload>`. */
export function ticketBody(keyId: string, claims: Omit<TicketClaims, 'version'>): string {
	const payload = `${TICKET_VERSION}\n${claims.eventId}\n${claims.registrationId}`;
	return `${keyId}.${toBase64url(new TextEncoder().encode(payload))}`;
}

/** The parts of a string shaped like a ticket, signature not yet checked; null: not a ticket. */
export function parseTicket(token: string): TicketParts | null {
	if (token.length > TICKET_MAX_LENGTH) return null;
	const parts = token.split('.');
	if (parts.length !== 3) return null;
	const [keyId, payload, signature] = parts as [string, string, string];
	if (!KEY_ID.test(keyId) || !PART.test(payload) || !PART.test(signature)) return null;
	let fields: string[];
	let sig: Uint8Array;
	try {
		fields = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(payload)).split('\n');
		sig = fromBase64url(signature);
	} catch {
		return null;
	}
	const [version, eventId, registrationId] = fields;
	if (fields.length !== 3 || version !== String(TICKET_VERSION) || !eventId || !registrationId) {
		return null;
	}
	if (sig.length !== 64) return null;
	return {
		version: TICKET_VERSION,
		eventId,
		registrationId,
		keyId,
		signed: new TextEncoder().encode(`${keyId}.${payload}`),
		signature: sig
	};
}
