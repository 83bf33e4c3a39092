// The bounds the forms show and the schemas enforce, kept apart from the schemas so that a page
// can name them without bringing zod into the browser.
export const MAX_QUANTITY = 99;

export const CONTACT_LIMITS = { nameMax: 100, subjectMax: 150, messageMin: 10, messageMax: 5000 };

export const MIN_PASSWORD = 10;
export const MAX_PASSWORD = 200;
/** A team member's public title ("Campusleder"), per language. */
export const TEAM_TITLE_MAX = 80;

/** The longest reason an admin gives for deleting an account on its owner's request. */
export const ADMIN_DELETE_REASON_MAX = 500;

/** Safety reports (varsling): the report, a message in its conversation, the passphrase. */
export const SAFETY_LIMITS = {
	bodyMin: 20,
	bodyMax: 10_000,
	messageMax: 5000,
	nameMax: 100,
	emailMax: 200,
	passphraseMin: 8,
	passphraseMax: 200
};

/** The longest answer to an event's question (dietary needs, access), as the engine keeps it. */
export const REGISTRATION_ANSWER_MAX = 500;
