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

/** A registration that came through the door (migration 033): the first scan only. */
export interface CheckInsTable {
	registration_id: string;
	event_id: string;
	door: string;
	checked_by: string;
	at: string;
	recorded_at: string;
}
