// The personal calendar feed (migration 031): a member's secret address, as the hash of its token.

export interface CalendarFeedsTable {
	user_id: string;
	/** SHA-256 (hex) of the token in the feed's address; the token itself is never stored. */
	token_hash: string;
	created_at: string;
}
