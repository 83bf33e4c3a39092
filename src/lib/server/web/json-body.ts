// A JSON request body checked against its zod schema: the data, or the 400 of the error
// convention (a body that is not JSON, or does not fit). `whenEmpty`: what a request without a body
// means, for bodies whose every field is optional; without it an empty body is not JSON.
import type { z } from 'zod';
import { errorResponse, validationFailed } from './errors';

export async function readJsonBody<S extends z.ZodType>(
	request: Request,
	schema: S,
	whenEmpty?: unknown
): Promise<z.infer<S> | Response> {
	let body: unknown;
	try {
		const text = await request.text();
		body = whenEmpty !== undefined && text.trim() === '' ? whenEmpty : JSON.parse(text);
	} catch {
		return errorResponse(400, {
			error: 'Validation failed',
			details: [{ message: 'Invalid JSON body' }]
		});
	}
	const parsed = schema.safeParse(body);
	return parsed.success ? parsed.data : validationFailed(parsed.error);
}
