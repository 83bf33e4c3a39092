// The domain's errors: what a rule refuses, in words every domain module throws and none of them
// maps to a response. No SvelteKit here, so dependencies point inward: http/errors.ts turns these
// into the /api error convention, the pages into their own answers.

export class DomainError extends Error {
	constructor(
		message: string,
		readonly code?: string
	) {
		super(message);
	}

	/** What a client needs beyond the code to act on the refusal (the API's `details`); none here. */
	get details(): Record<string, unknown> | undefined {
		return undefined;
	}
}
export class NotFound extends DomainError {
	override name = 'NotFound';
}
export class Forbidden extends DomainError {
	override name = 'Forbidden';
}
/** A change made on a version of the record that is no longer the stored one (or a clash). */
export class Conflict extends DomainError {
	override name = 'Conflict';
	constructor(
		message: string,
		code?: string,
		/** The record as stored now, when the refused change was made on an older version. */
		readonly current?: unknown
	) {
		super(message, code);
	}
}
export class Invalid extends DomainError {
	override name = 'Invalid';
}

/** No signed-in (non-anonymous) user where one is needed; pages send visitors to sign in. */
export class NotSignedIn extends Error {
	override name = 'NotSignedIn';
}
