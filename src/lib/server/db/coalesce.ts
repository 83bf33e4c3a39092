// Calls made in the same turn of the event loop, answered by one query. Under a burst (an opening's
// rush: a thousand members in a second) every request's session lookup and rate-limit count was a
// round trip of its own to PostgreSQL, and an instance spent a fifth of its time writing them to
// the socket. The first call waits for the turn to end (setImmediate: after the I/O already
// received), so a call alone costs a tick, and a burst one query per `most` calls.

/** `run` answers its calls in their order; when it throws, each of them gets the error. */
export function coalesced<A, R>(
	run: (calls: A[]) => Promise<R[]>,
	most = 500
): (call: A) => Promise<R> {
	let pending: { call: A; resolve(result: R): void; reject(error: unknown): void }[] = [];
	function flush() {
		const taken = pending;
		pending = [];
		for (let i = 0; i < taken.length; i += most) {
			const part = taken.slice(i, i + most);
			run(part.map((p) => p.call)).then(
				(results) => part.forEach((p, j) => p.resolve(results[j]!)),
				(error: unknown) => part.forEach((p) => p.reject(error))
			);
		}
	}
	return (call) =>
		new Promise<R>((resolve, reject) => {
			if (pending.length === 0) setImmediate(flush);
			pending.push({ call, resolve, reject });
		});
}
