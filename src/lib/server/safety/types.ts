// What the safety service answers: the reporter's view of their report, the safety team's list and
// report, and the outcome of a change by the team.
import type { SafetyStatus } from '$lib/safety/statuses';

export type Author = 'reporter' | 'staff';
export type AccessAction = 'read' | 'status' | 'reply';

export interface ConversationMessage {
	id: string;
	author: Author;
	/** The staff member who wrote it, by name; shown to the safety team only. */
	staffName?: string | null;
	/** Null when it cannot be decrypted (a key missing on this machine). */
	body: string | null;
	at: string;
}

/** What the reporter sees with their code and passphrase: never who of the team wrote. */
export interface ReporterView {
	status: SafetyStatus;
	createdAt: string;
	body: string | null;
	name: string | null;
	email: string | null;
	messages: ConversationMessage[];
}

export interface ReportSummary {
	id: string;
	createdAt: string;
	updatedAt: string;
	status: SafetyStatus;
	unitId: string | null;
	unitName: { no: string; en: string } | null;
	locale: string;
	/** The reporter gave a name or an e-mail. */
	named: boolean;
	lastMessageBy: Author;
	/** The reporter wrote again after the report, and the team has not answered since. */
	reporterReplied: boolean;
}

export interface AccessEntry {
	id: string;
	at: string;
	actor: string;
	actorName: string;
	action: AccessAction;
	details: Record<string, unknown> | null;
}

export interface ReportDetail extends ReportSummary {
	version: number;
	body: string | null;
	reporterName: string | null;
	reporterEmail: string | null;
	messages: ConversationMessage[];
	log: AccessEntry[];
}

export type ChangeResult =
	{ ok: true; version: number } | { ok: false; reason: 'not_found' | 'conflict' | 'unchanged' };
