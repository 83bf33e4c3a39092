// An upload the files port refused, in the API's error envelope: 413 for a file over the size
// limit, 400 for the rest, the refusal's code as `file_<code>`, and a sentence the caller can act
// on, at the field (and place) of the file; a limit's refusal names the limit.
import { errorResponse } from './errors';
import type { RefusalCode } from '../files/types';
import { limitText } from '../files/words';

export function fileRefusedResponse(
	code: RefusalCode,
	path: (string | number)[],
	messages: Partial<Record<RefusalCode, string>>
): Response {
	return errorResponse(code === 'too_large' ? 413 : 400, {
		error: code === 'too_large' ? 'Payload too large' : 'Validation failed',
		code: `file_${code}`,
		details: [{ path, message: messages[code] ?? limitText(code, 'en') ?? 'The file was refused.' }]
	});
}
