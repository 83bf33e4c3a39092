// The claim form's requests made with JavaScript: a receipt sent as soon as it is picked (with
// its progress) and the draft saved as typed. Loaded at the first pick or change, not with the
// page: a visitor who only looks at the form never downloads them.
import { deserialize } from '$app/forms';
import type { Problems, UploadedFile } from '$lib/expenses/form-shape';

/**
 * A refusal's text from the server, or what the browser knows: the body was too large. A refused
 * autosave names its fields' problems too.
 */
export type Refused = { ok: false; text?: string; tooLarge?: boolean; problems?: Problems };

export interface DraftSaved {
	id: string;
	version: number;
	totalOre: number;
	at: string;
}

const ACTION_HEADERS = { accept: 'application/json', 'x-sveltekit-action': 'true' };

/**
 * Sends one receipt to the upload action; `xhr` aborts it, `done` is its outcome. XMLHttpRequest
 * because fetch reports no upload progress.
 */
export function sendReceipt(url: string, file: File, onProgress: (share: number) => void) {
	const xhr = new XMLHttpRequest();
	const done = new Promise<{ ok: true; file: UploadedFile } | Refused>((resolve) => {
		xhr.onload = () => resolve(receiptAnswer(xhr));
		xhr.onerror = () => resolve({ ok: false });
		xhr.onabort = () => resolve({ ok: false });
	});
	xhr.open('POST', url);
	for (const [name, value] of Object.entries(ACTION_HEADERS)) xhr.setRequestHeader(name, value);
	xhr.upload.onprogress = (e) => {
		if (e.lengthComputable) onProgress(e.loaded / e.total);
	};
	const body = new FormData();
	body.set('file', file);
	xhr.send(body);
	return { xhr, done };
}

function receiptAnswer(xhr: XMLHttpRequest): { ok: true; file: UploadedFile } | Refused {
	try {
		const result = deserialize(xhr.responseText);
		if (result.type === 'success' && result.data?.file) {
			return { ok: true, file: result.data.file as UploadedFile };
		}
		if (result.type === 'failure') {
			return {
				ok: false,
				text: typeof result.data?.text === 'string' ? result.data.text : undefined
			};
		}
	} catch {
		// Not an action result: a proxy or the body limit answered (413 with the error envelope).
	}
	return { ok: false, tooLarge: xhr.status === 413 };
}

/**
 * Saves the draft as typed to the autosave action: its id and version and the fields left out
 * (`problems`), or why nothing was saved.
 */
export async function saveDraft(
	url: string,
	values: unknown
): Promise<{ ok: true; saved: DraftSaved; problems: Problems } | Refused> {
	const body = new FormData();
	body.set('json', JSON.stringify(values));
	try {
		const res = await fetch(url, { method: 'POST', body, headers: ACTION_HEADERS });
		const result = deserialize(await res.text());
		const data = result.type === 'success' || result.type === 'failure' ? result.data : undefined;
		const problems = (data?.problems ?? []) as Problems;
		if (result.type === 'success' && data?.saved) {
			return { ok: true, saved: data.saved as DraftSaved, problems };
		}
		const first = problems[0];
		const reason = first ? `${first[2]}: ${first[1]}` : data?.text;
		return { ok: false, text: typeof reason === 'string' ? reason : undefined, problems };
	} catch {
		return { ok: false };
	}
}
