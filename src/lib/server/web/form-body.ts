// A multipart/form-data request body read as a form: the form, or the 400 of the error convention
// (a body that does not parse as one). Its fields are the route's to check with zod.
import { errorResponse } from './errors';

export async function readFormBody(request: Request): Promise<FormData | Response> {
	try {
		return await request.formData();
	} catch {
		return errorResponse(400, {
			error: 'Validation failed',
			details: [{ message: 'Expected a multipart/form-data body' }]
		});
	}
}
