// Uploaded files and their variants, and the documents the assistant reads.

export interface FilesTable {
	id: string;
	owner_id: string;
	/** receipt | image | application | document */
	purpose: string;
	/** Of the kept bytes, as found in them (files/sniff.ts). */
	mime_type: string;
	size: number;
	/** Of the bytes as uploaded, hex. */
	sha256: string;
	original_name: string;
	storage_key: string;
	width: number | null;
	height: number | null;
	thumbnail_key: string | null;
	created_at: string;
}

export interface FileVariantsTable {
	file_id: string;
	format: string;
	width: number;
	height: number;
	size: number;
	storage_key: string;
}

export interface DocumentsTable {
	id: string;
	file_id: string;
	title: string;
	/** no | en; null: both. */
	locale: string | null;
	unit_id: string | null;
	uploaded_by: string;
	characters: number;
	passage_count: number;
	created_at: string;
}

export interface DocumentPassagesTable {
	document_id: string;
	position: number;
	heading: string | null;
	text: string;
}

export interface AssistantFeedbackTable {
	id: string;
	locale: string;
	question: string | null;
	found: number;
	answered_by: string;
	rating: string | null;
	created_at: string;
	rated_at: string | null;
}
