// Event feedback (migration 036): whether an event asks for it, and each attendee's answer.

export interface EventFeedbackSettingsTable {
	event_id: string;
	enabled: number;
	updated_at: string;
}

export interface EventFeedbackTable {
	event_id: string;
	user_id: string;
	/** 1–5. */
	rating: number;
	comment: string | null;
	created_at: string;
	updated_at: string;
}
