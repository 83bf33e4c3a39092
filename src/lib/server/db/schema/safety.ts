// Safety reports, their conversation, who read them and who may.
import type { Generated } from 'kysely';

export interface SafetyReportsTable {
	id: string;
	receipt_hash: string;
	passphrase_hash: string;
	body: string;
	reporter_name: string | null;
	reporter_email: string | null;
	unit_id: string | null;
	locale: string;
	status: string;
	version: Generated<number>;
	last_message_by: string;
	created_at: string;
	updated_at: string;
}

export interface SafetyMessagesTable {
	id: string;
	report_id: string;
	author: string;
	staff_id: string | null;
	body: string;
	created_at: string;
}

export interface SafetyAccessLogTable {
	id: string;
	report_id: string;
	actor: string;
	action: string;
	details: string | null;
	at: string;
}

export interface SafetyGrantsTable {
	user_id: string;
	granted_by: string;
	granted_at: string;
}
