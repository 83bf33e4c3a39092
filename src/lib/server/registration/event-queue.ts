// The members' writes to one event's registration take turns inside this process before they
// take a database connection. Each write holds the event's lock for its transaction anyway (one at
// a time across every instance); without the queue, an opening's rush had every request of an
// instance hold one of its pool's connections while it waited for that lock, and the requests
// behind them (session lookups included) timed out waiting for a connection: on PostgreSQL with
// two instances, 519 of 1,000 members were answered 503. Turns are given in arrival order, so
// the order the server received the registrations is also the order they reach the lock.

/** Runs `work` for `key` after every earlier work for the same key has settled, in arrival order. */
export function eventQueue() {
	const tails = new Map<string, Promise<void>>();
	return async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
		const before = tails.get(key) ?? Promise.resolve();
		let done!: () => void;
		const tail = before.then(() => new Promise<void>((resolve) => (done = resolve)));
		tails.set(key, tail);
		await before;
		try {
			return await work();
		} finally {
			done();
			if (tails.get(key) === tail) tails.delete(key);
		}
	};
}
