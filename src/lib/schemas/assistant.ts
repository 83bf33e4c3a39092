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
	answer: z.string(),
	sources: z.array(AssistantSource),
	found: z.boolean(),
	by: z.enum(['model', 'local'])
});
