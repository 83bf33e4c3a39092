// The decision forms of a claim's page (submit, withdraw, approve, reject, pay, reveal): each
// post parsed with zod, handed to the expenses service with the version the page showed, and
// every refusal turned into the HTTP status the page answers with.
import { z } from 'zod';
import type { UserContext } from '../context';
import type { ExpenseRefusal, ExpensesService } from '.';

export const DECISIONS = ['submit', 'withdraw', 'approve', 'reject', 'pay'] as const;
export type DecisionName = (typeof DECISIONS)[number];

const version = z.coerce.number().int().positive();
/** Approving and paying are confirmed with a ticked box (`confirm=yes`), which needs no script. */
const confirm = z.string().max(10).optional();
const FORMS = {
	plain: z.object({ version }),
	approve: z.object({ version, confirm }),
	reject: z.object({ version, reason: z.string().max(5000).default('') }),
	pay: z.object({ version, confirm, payoutDate: z.string().max(20).default('') })
};
const CONFIRMED: readonly DecisionName[] = ['approve', 'pay'];

const STATUS: Record<ExpenseRefusal, 400 | 403 | 404 | 409> = {
	not_found: 404,
	stale: 409,
	wrong_status: 409,
	own_claim: 403,
	not_approver: 403,
	finance_only: 403,
	not_claimant: 403,
	invalid: 400,
	incomplete: 400,
	reason_required: 400,
	payout_date: 400,
	confirm_required: 400,
	// The server's state (a lost key), not the caller's mistake; nothing to retry at once either.
	account_unreadable: 409
};

export type FormRefusal = { ok: false; status: 400 | 403 | 404 | 409; code: ExpenseRefusal };

export function refusal(code: ExpenseRefusal): FormRefusal {
	return { ok: false, status: STATUS[code], code };
}

export async function decideFromForm(
	expenses: ExpensesService,
	ctx: UserContext,
	claimId: string,
	action: DecisionName,
	body: FormData
): Promise<{ ok: true } | FormRefusal> {
	const fields = Object.fromEntries([...body].filter(([, v]) => typeof v === 'string'));
	const form =
		action === 'approve' || action === 'reject' || action === 'pay' ? FORMS[action] : FORMS.plain;
	const parsed = form.safeParse(fields);
	const data = parsed.data as
		{ version: number; reason?: string; payoutDate?: string; confirm?: string } | undefined;
	const unconfirmed = CONFIRMED.includes(action) && data?.confirm !== 'yes';
	// A claim that is not the caller's stays not found, whatever the form held.
	if (!data || unconfirmed) {
		if (!(await expenses.detail(ctx, claimId))) return refusal('not_found');
		return refusal(data ? 'confirm_required' : 'invalid');
	}
	const result =
		action === 'reject'
			? await expenses.reject(ctx, claimId, data.reason ?? '', data.version)
			: action === 'pay'
				? await expenses.markPaid(ctx, claimId, data.payoutDate ?? '', data.version)
				: await expenses[action](ctx, claimId, data.version);
	return result.ok ? { ok: true } : refusal(result.reason);
}

export async function revealFromForm(
	expenses: ExpensesService,
	ctx: UserContext,
	claimId: string
): Promise<{ ok: true; account: string } | FormRefusal> {
	const result = await expenses.revealAccount(ctx, claimId);
	return result.ok ? result : refusal(result.reason);
}

/** `?done=<action>` as the page confirms it; anything else is ignored. */
export function doneOf(url: URL): DecisionName | null {
	const done = url.searchParams.get('done');
	return (DECISIONS as readonly string[]).includes(done ?? '') ? (done as DecisionName) : null;
}
