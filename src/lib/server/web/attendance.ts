// The organiser's attendance page and the member's marks page between the domain and the pages:
// the page's load, and the two forms (a state set with a reason, a mark removed with a reason)
// read from the post, parsed by the domain's zod schemas, each problem as the field it concerns
// (a code; the page says it in words). A caller who may not organise the event gets the 404 page.
import { fail, type RequestEvent } from '@sveltejs/kit';
import { services } from '../app';
import { AttendanceInput, MarkRemovalInput } from '../attendance';
import { DomainError, Forbidden } from '../errors';
import { allowedOr404 } from './admin-route';
import { standingInWords } from './marks-words';

/** A form's answer: which form, what was done, or what was typed and each field's problem. */
export interface AttendanceAnswer {
	action: 'state' | 'removeMark';
	done?: string;
	values?: Record<string, string>;
	errors?: Record<string, string>;
}

const FORMS = { state: AttendanceInput, removeMark: MarkRemovalInput } as const;

/** Which field a refusal of the domain concerns. */
const FIELDS: Record<string, string> = {
	unknown_registration: 'registrationId',
	unknown_mark: 'markId'
};

export async function attendancePage(event: RequestEvent<{ id: string }>) {
	const { caller, locale } = event.locals;
	const page = await allowedOr404(services().attendance.ofEvent(caller, event.params.id));
	return {
		eventId: event.params.id,
		title: page.title[locale] || page.title.no,
		attendees: page.attendees,
		marks: page.marks.map((m) => ({
			id: m.id,
			name: m.name,
			kind: m.kind,
			weight: m.weight,
			expiresAt: m.expiresAt,
			active: m.active,
			removed: m.removed
		}))
	};
}

export function attendanceAction(name: AttendanceAnswer['action']) {
	return async (event: RequestEvent<{ id: string }>) => {
		const { caller } = event.locals;
		const id = event.params.id;
		await allowedOr404(services().attendance.ofEvent(caller, id));
		const form = await event.request.formData();
		const values: Record<string, string> = {};
		for (const [k, v] of form) if (typeof v === 'string') values[k] = v;
		const parsed = FORMS[name].safeParse(values);
		if (!parsed.success) {
			const errors: Record<string, string> = {};
			for (const issue of parsed.error.issues) {
				const field = String(issue.path[0] ?? 'form');
				errors[field] ??=
					issue.code === 'invalid_value' && values[field]
						? 'invalid'
						: issue.code === 'too_big'
							? 'invalid'
							: 'required';
			}
			return fail(400, { action: name, values, errors } satisfies AttendanceAnswer);
		}
		try {
			const { attendance } = services();
			if (name === 'state') {
				await attendance.setAttendance(caller, id, parsed.data as AttendanceInput);
			} else {
				await attendance.removeMark(caller, id, parsed.data as MarkRemovalInput);
			}
			return { action: name, done: name } satisfies AttendanceAnswer;
		} catch (e) {
			if (!(e instanceof DomainError) || e instanceof Forbidden) throw e;
			const code = e.code ?? 'invalid';
			return fail(400, {
				action: name,
				values,
				errors: { [FIELDS[code] ?? 'form']: code }
			} satisfies AttendanceAnswer);
		}
	};
}

/** The member's marks page: their marks, newest first, and what the active ones mean now. */
export async function marksPage(event: RequestEvent) {
	const { marks, standing } = await services().attendance.mine(event.locals.caller);
	// No event here: the page says the delay and until when, not an opening.
	const standingText = standingInWords(standing, null, event.locals.locale);
	return { marks, standingText };
}
