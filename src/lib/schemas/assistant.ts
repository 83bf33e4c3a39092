// Wire shapes of POST /api/public-assistant: the handler validates with them and the OpenAPI
// document is generated from them.
import { z } from 'zod';

export const AssistantTurn = z.object({
	role: z.enum(['user', 'assistant']),
	content: z.string().max(2000)
});

export const AssistantRequest = z.object({
	message: z.string().trim().min(1).max(1000),
	/** The answer's language; unset: the visitor's (cookie, then Accept-Language). */
	locale: z.enum(['no', 'en']).optional(),
	/** The conversation so far, oldest first; only the last turns reach a model. */
	history: z.array(AssistantTurn).max(20).optional()
});

export const AssistantSource = z.object({ title: z.string(), url: z.string() });

export const AssistantResponse = z.object({
	/** The answer's id: what a rating of it names. */
	id: z.uuid(),
	answer: z.string(),
	sources: z.array(AssistantSource),
	found: z.boolean(),
	by: z.enum(['model', 'local'])
});

export const AssistantRating = z.enum(['helpful', 'unhelpful']);

/**
 * A visitor's rating of an answer. The question goes with it because nothing else keeps it: an
 * answer that was found is not stored unless rated unhelpful.
 */
export const AssistantFeedbackRequest = z.object({
	answerId: z.uuid(),
	rating: AssistantRating,
	message: AssistantRequest.shape.message,
	locale: z.enum(['no', 'en']).optional(),
	by: z.enum(['model', 'local']).default('local')
});

/** POST /api/expense/generate-description as JSON: receipts the caller has uploaded already. */
export const DescriptionRequest = z.object({
	/** The caller's own receipt uploads (from the claim form's upload, or on their claims). */
	fileIds: z.array(z.string().min(1).max(100)).min(1).max(5),
	locale: z.enum(['no', 'en']).optional()
});

/** The same as multipart/form-data: the receipts themselves (an empty `locale` is an absent one). */
export const DescriptionUpload = z.object({
	/** PDF, JPEG, PNG, WebP or HEIC, typed by their bytes; kept as the claim form's uploads are. */
	files: z.array(z.file()).min(1).max(5),
	locale: z.enum(['no', 'en']).optional()
});

/**
 * Why a receipt gave nothing: a PDF without a text layer (a scan), bytes that would not decode,
 * OCR past its time limit, a type that is not read, or text that says nothing a receipt says.
 */
export const UnreadReason = z.enum([
	'no_text_layer',
	'unreadable',
	'ocr_timeout',
	'unsupported_type',
	'not_a_receipt'
]);

export const DescriptionResponse = z.object({
	description: z.string(),
	items: z.array(
		z.object({
			date: z.string().optional(),
			/** In the receipt's currency, with two decimals ("249.00"). */
			amount: z.string().optional(),
			merchant: z.string().optional()
		})
	),
	by: z.enum(['model', 'local']),
	/** The receipts that gave nothing while others did. */
	unread: z.array(z.object({ fileId: z.string(), reason: UnreadReason })),
	/** Every receipt of the request in the order given; for a multipart post, as now kept. */
	fileIds: z.array(z.string())
});
