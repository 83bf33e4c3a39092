// The door's state in the browser: the kept kit, the last scan's answer, and the queue of offline
// scans. A scan is checked here first (signature, event, the kept list, a second scan of the same
// ticket), then sent; without a connection it is queued and the person counted in here, and the
// queue goes to the server as one sync when the browser is back online.
import { merged, readKept, writeKept, type KeptAttendee, type KeptDoor } from './kept';
import { verifyOffline } from './verify';

/** The last scan's answer: `ok`, `already`, `unknown` (not on the kept list) or a refusal's code. */
export interface Shown {
	tone: 'ok' | 'warn' | 'bad';
	code: string;
	person: KeptAttendee | null;
	at?: string;
	door?: string;
}

/** The same code in view of the camera is read once per this many milliseconds. */
const SAME_CODE_MS = 2500;

export class Door {
	kept: KeptDoor = $state(undefined as unknown as KeptDoor);
	shown = $state<Shown | null>(null);
	online = $state(true);
	syncing = $state(false);
	#last = { token: '', at: 0 };

	constructor(kit: Omit<KeptDoor, 'door' | 'queue'>, defaultDoor: string) {
		this.kept = merged(kit, readKept(kit.eventId), defaultDoor);
		this.online = typeof navigator === 'undefined' ? true : navigator.onLine;
		this.#save();
	}

	get checkedCount() {
		return this.kept.attendees.filter((a) => a.checkedIn).length;
	}

	setDoor(name: string) {
		this.kept.door = name.trim().slice(0, 64) || this.kept.door;
		this.#save();
	}

	#save() {
		writeKept($state.snapshot(this.kept) as KeptDoor);
	}

	#person(registrationId: string) {
		return this.kept.attendees.find((a) => a.registrationId === registrationId) ?? null;
	}

	/** A code read by the camera: the same one still in view is not read again at once. */
	seen(token: string) {
		const now = Date.now();
		if (token === this.#last.token && now - this.#last.at < SAME_CODE_MS) return;
		this.#last = { token, at: now };
		void this.scan(token);
	}

	async scan(token: string) {
		const { eventId, keys, door } = this.kept;
		const verdict = await verifyOffline(token, eventId, keys);
		if (!verdict.ok) {
			this.shown = { tone: 'bad', code: verdict.code, person: null };
			return;
		}
		const person = this.#person(verdict.registrationId);
		if (person?.checkedIn) {
			this.shown = { tone: 'warn', code: 'already', person, ...person.checkedIn };
			return;
		}
		// A value read once, not state: no reactive date wanted.
		// eslint-disable-next-line svelte/prefer-svelte-reactivity
		const at = new Date().toISOString();
		if (navigator.onLine) {
			try {
				const res = await fetch(`/api/events/${encodeURIComponent(eventId)}/check-in`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ token, door })
				});
				const body = await res.json();
				if (res.ok) {
					this.#apply(body);
					const checkedIn = this.#person(body.person.registrationId);
					this.shown = {
						tone: body.outcome === 'already' ? 'warn' : 'ok',
						code: body.outcome === 'already' ? 'already' : 'ok',
						person: checkedIn,
						at: body.at,
						door: body.door
					};
					return;
				}
				if (res.status < 500) {
					this.shown = { tone: 'bad', code: body.code ?? 'ticket_not_valid', person: null };
					return;
				}
			} catch {
				// No answer: the scan is queued below, as if offline.
			}
		}
		this.kept.queue.push({ token, at });
		if (person) person.checkedIn = { at, door };
		this.online = false;
		this.#save();
		this.shown = person
			? { tone: 'ok', code: 'ok', person, at, door }
			: { tone: 'warn', code: 'unknown', person: null };
	}

	#apply(result: {
		outcome: string;
		person?: { registrationId: string };
		at?: string;
		door?: string;
	}) {
		if (result.outcome === 'refused' || !result.person) return;
		const person = this.#person(result.person.registrationId);
		if (person) person.checkedIn = { at: result.at!, door: result.door! };
	}

	/** Sends the queued scans, if any and if online; the server's answers replace the guesses. */
	async sync() {
		this.online = navigator.onLine;
		const queue = [...this.kept.queue];
		if (!this.online || queue.length === 0 || this.syncing) return;
		this.syncing = true;
		try {
			const res = await fetch(
				`/api/events/${encodeURIComponent(this.kept.eventId)}/check-in/sync`,
				{
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ door: this.kept.door, scans: queue })
				}
			);
			if (!res.ok) return;
			const { results } = await res.json();
			for (const result of results) this.#apply(result);
			this.kept.queue = this.kept.queue.slice(queue.length);
			this.#save();
		} catch {
			this.online = false;
		} finally {
			this.syncing = false;
		}
	}
}
