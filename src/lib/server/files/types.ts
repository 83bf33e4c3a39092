// What the files port accepts, refuses and keeps. Routes localize a refusal by its code.
import { z } from 'zod';

/** The types accepted, each decided by the bytes (sniff.ts), never by a name or a header. */
export const DetectedTypeSchema = z.enum(['pdf', 'jpeg', 'png', 'webp', 'heic']);
export type DetectedType = z.infer<typeof DetectedTypeSchema>;

/** What a stored file is for; the owner of each purpose decides who else may read it. */
export const FilePurposeSchema = z.enum(['receipt', 'image', 'application', 'document']);
export type FilePurpose = z.infer<typeof FilePurposeSchema>;

export const REFUSAL_CODES = [
	'empty',
	'too_large',
	'unsupported_type',
	'polyglot',
	'unsafe_pdf',
	'unsafe_document',
	'unreadable',
	'image_too_large',
	// Limits on what parsing a file may cost (limits.ts): each refusal names its limit.
	'too_many_objects',
	'expands_too_much',
	'too_costly'
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** An upload the port will not keep; nothing of it is on disk when this is thrown. */
export class FileRefused extends Error {
	override name = 'FileRefused';
	constructor(
		readonly code: RefusalCode,
		detail: string
	) {
		super(detail);
	}
}

export interface StoredFile {
	id: string;
	ownerId: string;
	purpose: FilePurpose;
	/** The type of the stored bytes: HEIC is kept as JPEG. */
	mimeType: string;
	/** Bytes on disk (after normalisation). */
	size: number;
	/** SHA-256 (hex) of the bytes as uploaded: the same receipt uploaded twice has the same one. */
	sha256: string;
	/** Sanitised; only ever used in Content-Disposition, never as a path. */
	originalName: string;
	storageKey: string;
	width: number | null;
	height: number | null;
	thumbnailKey: string | null;
	createdAt: string;
}
