// Who hears of a claim's step: whoever must act next in the claim's unit (or the site's admins
// when the unit has nobody there), and the claimant. The e-mails themselves are in mails.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { MailMessage } from '../mail';
import {
	decisionMail,
	financeNeededMail,
	submittedMail,
	toPayMail,
	type MailClaim,
	type Recipient,
	type Told
} from './mails';
import { claimTotals } from './money';
import type { ClaimStatus } from './workflow';

type ClaimRow = Database['expense_claims'];

/**
 * Who must act next in `roleNames` of the unit (never the claimant), each with an address;
 * when the unit has nobody there, the site's admins (ADMIN_EMAILS) but the claimant, who can
 * act in every unit; else nobody.
 */
async function whoActs(
	trx: Kysely<Database>,
	unitId: string,
	roleNames: ('leader' | 'finance')[],
	claimantId: string,
	adminEmails: string[]
): Promise<{ group: Told['group']; people: Recipient[] }> {
	const rows = await trx
		.selectFrom('team_members')
		.innerJoin('users', 'users.id', 'team_members.user_id')
		.select(['users.name', 'users.email', 'users.locale'])
		.distinct()
		.where('team_members.unit_id', '=', unitId)
		.where('team_members.role', 'in', roleNames)
		.where('users.id', '!=', claimantId)
		.where('users.email', 'is not', null)
		.orderBy('users.email')
		.execute();
	if (rows.length > 0) {
		return {
			group: roleNames.includes('leader') ? 'approvers' : 'finance',
			people: rows.map((r) => ({ name: r.name, email: r.email!, locale: r.locale }))
		};
	}
	const emails = adminEmails;
	if (emails.length === 0) return { group: 'nobody', people: [] };
	// Their names and languages, where they have an account; the claimant is no admin here.
	const accounts = await trx
		.selectFrom('users')
		.select(['id', 'name', 'email', 'locale'])
		.where('email', 'in', emails)
		.execute();
	const people = emails
		.map((email) => {
			const account = accounts.find((a) => a.email === email);
			if (account?.id === claimantId) return null;
			return { name: account?.name || email, email, locale: account?.locale ?? null };
		})
		.filter((r): r is Recipient => r !== null);
	return people.length > 0 ? { group: 'admins', people } : { group: 'nobody', people: [] };
}

async function mailClaim(
	trx: Kysely<Database>,
	claim: ClaimRow
): Promise<{
	mailClaim: MailClaim;
	claimant: Recipient | null;
}> {
	const [user, unit] = await Promise.all([
		trx
			.selectFrom('users')
			.select(['name', 'email', 'locale'])
			.where('id', '=', claim.claimant_id)
			.executeTakeFirstOrThrow(),
		trx
			.selectFrom('units')
			.select(['name_no', 'name_en'])
			.where('id', '=', claim.unit_id)
			.executeTakeFirstOrThrow()
	]);
	const totals = claimTotals([{ amountOre: claim.total_ore }], claim.advance_ore);
	return {
		mailClaim: {
			id: claim.id,
			claimantId: claim.claimant_id,
			purpose: claim.purpose,
			totalOre: totals.totalOre,
			owedOre: totals.owedOre,
			claimantName: user.name,
			claimantEmail: user.email,
			unitName: { no: unit.name_no, en: unit.name_en },
			payoutDate: claim.payout_date,
			rejectionReason: claim.rejection_reason
		},
		claimant: user.email ? { name: user.name, email: user.email, locale: user.locale } : null
	};
}

/**
 * The e-mails that follow a transition to `to` and who they tell: whoever must act next, and
 * the claimant. Made before the transition is applied, so its audit entry can say who was told.
 */
export async function mailsFor(
	trx: Kysely<Database>,
	claim: ClaimRow,
	to: ClaimStatus,
	site: { origin: string; adminEmails: string[] }
): Promise<{ messages: MailMessage[]; told: Told | null }> {
	const { mailClaim: mc, claimant } = await mailClaim(trx, claim);
	const messages: MailMessage[] = [];
	const next =
		to === 'submitted'
			? { roles: ['leader', 'finance'] as const, mail: submittedMail }
			: to === 'awaiting_finance'
				? { roles: ['finance'] as const, mail: financeNeededMail }
				: to === 'approved'
					? { roles: ['finance'] as const, mail: toPayMail }
					: null;
	let told: Told | null = null;
	if (next) {
		const acting = await whoActs(
			trx,
			claim.unit_id,
			[...next.roles],
			claim.claimant_id,
			site.adminEmails
		);
		for (const r of acting.people) messages.push(next.mail(r, mc, site.origin));
		told = { group: acting.group, count: acting.people.length };
	}
	if (claimant) {
		const decision = decisionMail(claimant, mc, to, site.origin);
		if (decision) messages.push(decision);
		if (decision && !told) told = { group: 'claimant', count: 1 };
	}
	if (!told && to !== 'withdrawn') told = { group: 'nobody', count: 0 };
	return { messages, told };
}
