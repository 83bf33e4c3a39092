// The members' writes to one event's registration take turns inside this process before they
// take a database connection. Each write holds the event's lock for its transaction anyway (one at
// a time across every instance); without the queue, an opening's rush had every request of an
// instance hold one of its pool's connections while it waited for that lock, and the requests
// behind them (session lookups included) timed out waiting for a connection: on PostgreSQL with
// two instances, 519 of 1,000 members were answered 503. Turns are given in arrival order, so
// the order the server received the registrations is also the order they reach the lock.
//
// Registrations that arrive while the event's turn is taken wait together and then go as one batch
// (`join`): one transaction, one lock, one settling for all of them (register.ts registerPeople),
// each still answered with its own final status when that transaction has committed. At an opening
// this is what keeps the thousandth member's answer under a second: the lock is taken once per
// batch instead of once per member. Any other write (`inTurn`) goes alone, in its place in line.

/** Each item's answer, in the items' order: its value, or the error it alone met. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Entry<I> {
	/** A batchable item, or (undefined) a write of its own: `work`. */
	item?: I;
	work?: () => Promise<unknown>;
	resolve(value: unknown): void;
	reject(error: unknown): void;
}

/**
 * A queue per key. `batch` runs the items that waited together, at most `most` at a time, and
 * answers each; when it throws, every item of that batch gets the error.
 */
export function eventQueue<I, R>(
	batch: (key: string, items: I[]) => Promise<Settled<R>[]>,
	most = 200
) {
	const lines = new Map<string, Entry<I>[]>();

	async function drain(key: string, line: Entry<I>[]) {
		while (line.length > 0) {
			if (line[0]!.work) {
				const entry = line.shift()!;
				await entry.work!().then(entry.resolve, entry.reject);
				continue;
			}
			let n = 1;
			while (n < line.length && n < most && !line[n]!.work) n++;
			const entries = line.splice(0, n);
			try {
				const answers = await batch(
					key,
					entries.map((e) => e.item!)
				);
				entries.forEach((entry, i) => {
					const answer = answers[i]!;
					if (answer.ok) entry.resolve(answer.value);
					else entry.reject(answer.error);
				});
			} catch (error) {
				for (const entry of entries) entry.reject(error);
			}
		}
		lines.delete(key);
	}

	function enqueue<T>(key: string, entry: Omit<Entry<I>, 'resolve' | 'reject'>): Promise<T> {
		return new Promise<T>((resolve, reject) => {
			const line = lines.get(key);
			const queued = { ...entry, resolve: resolve as (value: unknown) => void, reject };
			if (line) line.push(queued);
			else {
				// The line starts on the next turn of the event loop, after the requests already
				// received: on SQLite, whose queries never wait for I/O, a rush's requests would
				// otherwise each find the line empty and go alone.
				const started = [queued];
				lines.set(key, started);
				setImmediate(() => void drain(key, started));
			}
		});
	}

	return {
		/** Answers `item` from the next batch of `key`'s items (those that waited with it). */
		join: (key: string, item: I): Promise<R> => enqueue<R>(key, { item }),
		/** Runs `work` for `key` alone, after everything queued before it has settled. */
		inTurn: <T>(key: string, work: () => Promise<T>): Promise<T> => enqueue<T>(key, { work })
	};
}
