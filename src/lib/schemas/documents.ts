// Wire shapes of the assistant's document routes: the handlers validate with them and the OpenAPI
// document is generated from them.
import { z } from 'zod';

/** The fields that go with the file in POST /api/process-document (an empty field is absent). */
export const ProcessDocumentFields = z.object({
	title: z.string().trim().min(1).max(200).optional(),
	/** The unit whose document it is; absent: the whole organisation's (admins only). */
	unitId: z
		.string()
		.regex(/^[a-z0-9-]{1,60}$/)
		.optional(),
	/** The language it answers in; absent: both. */
	locale: z.enum(['no', 'en']).optional()
});

export const ProcessDocumentResponse = z.object({
	documentId: z.string(),
	title: z.string(),
	passages: z.number().int().min(1),
	characters: z.number().int().min(1)
});

export const DocumentSummary = z.object({
	id: z.string(),
	title: z.string(),
	locale: z.enum(['no', 'en']).nullable(),
	unitId: z.string().nullable(),
	uploadedBy: z.string(),
	characters: z.number().int(),
	passages: z.number().int(),
	createdAt: z.string(),
	url: z.string()
});

export const DocumentListResponse = z.object({ documents: z.array(DocumentSummary) });
