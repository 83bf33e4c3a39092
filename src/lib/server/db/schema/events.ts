// Registration for events (migration 028): the settings of an event's registration, its pools of
// seats and who registered. The events themselves are content (content.ts).
import type { Generated } from 'kysely';

export interface EventRegistrationTable {
	event_id: string;
	enabled: number;
	opens_at: string;
	closes_at: string;
	unregister_by: string | null;
	late_unregister: number;
	capacity: number;
	/** first_come | draw */
	mode: string;
	draw_minutes: number | null;
	draw_seed: string | null;
	drawn_at: string | null;
	merge_at: string | null;
	price_member_ore: number | null;
	price_other_ore: number | null;
	question_no: string | null;
	question_en: string | null;
	answer_keep_days: number;
	/** Whether a paid seat given up is refunded (030); kept otherwise. */
	refund_on_unregister: Generated<number>;
	updated_at: string;
}

export interface RegistrationPoolsTable {
	id: string;
	event_id: string;
	sort: number;
	name_no: string;
	name_en: string;
	seats: number;
	/** everyone | members | units | campus */
	eligibility: string;
	/** JSON array of unit ids (eligibility units). */
	unit_ids: string | null;
	campus_id: string | null;
}

export interface RegistrationsTable {
	id: string;
	event_id: string;
	user_id: string;
	pool_id: string | null;
	/** confirmed | waiting | entered | cancelled */
	status: string;
	arrival: number;
	/** The place in line: the arrival, or the place the draw gave an entry. */
	queue: number;
	answer: string | null;
	order_id: string | null;
	pay_by: string | null;
	late: Generated<number>;
	cancelled_reason: string | null;
	created_at: string;
	updated_at: string;
}

/** A confirmed registration's attendance (migration 034). */
export interface AttendanceTable {
	registration_id: string;
	event_id: string;
	user_id: string;
	/** present | late | no_show */
	state: string;
	/** When the door checked them in; null for a no-show or a state set by hand without one. */
	arrived_at: string | null;
	/** The organiser's reason when they set the state by hand. */
	reason: string | null;
	updated_at: string;
}

/** A mark a member was given (migration 034); counted by the ladder until it expires or is removed. */
export interface MarksTable {
	id: string;
	user_id: string;
	event_id: string;
	registration_id: string;
	/** no_show | late_unregister */
	kind: string;
	weight: number;
	/** The event's start: the mark's expiry is counted from it. */
	event_at: string;
	created_at: string;
	removed_at: string | null;
	removed_by: string | null;
	removed_reason: string | null;
}

/** A registration that came through the door (migration 033): the first scan only. */
export interface CheckInsTable {
	registration_id: string;
	event_id: string;
	door: string;
	checked_by: string;
	at: string;
	recorded_at: string;
}
