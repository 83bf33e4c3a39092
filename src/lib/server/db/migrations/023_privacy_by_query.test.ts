// Migration 023 on a site that already has claims and mail: which units each claim counts as
// submitted to, and whom each stored e-mail is about, read from what names them.
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed';
import { ENGINES, testDatabase, type TestDatabase } from '../test-db';
import { orderRow, paidClaimRow, userRow } from '../test-rows';
import * as m023 from './023_privacy_by_query';

const T1 = '2026-11-20T12:00:00.000Z';
const T2 = '2026-11-21T12:00:00.000Z';
const T3 = '2026-11-22T12:00:00.000Z';

describe.each(ENGINES)('migration 023 on %s', (engine) => {
	let test: TestDatabase;
	beforeEach(async () => {
		test = await testDatabase(engine);
	});
	afterEach(() => test.destroy());

	it('records the units stored claims were submitted to, and whom stored e-mails are about', async () => {
		const { db } = test;
		await m023.down(db as unknown as Kysely<unknown>);
		await seedDemo(db, new Date(T1));
		await db
			.insertInto('users')
			.values([userRow('u1'), userRow('u2'), userRow('inviter'), userRow('buyer')])
			.execute();
		const claim = (id: string, status: string, submitted: string | null) =>
			paidClaimRow(id, T1, {
				status,
				submitted_at: submitted,
				paid_at: status === 'paid' ? T1 : null
			});
		await db
			.insertInto('expense_claims')
			.values([
				claim('c-paid', 'paid', T1),
				claim('c-submitted', 'submitted', T1),
				claim('c-rejected', 'rejected', T1),
				{ ...claim('c-moved', 'rejected', T1), unit_id: 'events-oslo' },
				claim('c-draft', 'draft', null)
			])
			.execute();
		const entry = (id: string, subject: string, action: string, at: string) => ({
			id,
			at,
			actor: 'u1',
			subject_type: 'expense_claim',
			subject_id: subject,
			action,
			details: null
		});
		await db
			.insertInto('audit_log')
			.values([
				entry('a1', 'c-rejected', 'submit', T1),
				entry('a2', 'c-rejected', 'reject', T2),
				entry('a3', 'c-moved', 'submit', T1),
				entry('a4', 'c-moved', 'reject', T2),
				// Edited after it was rejected: its unit may have changed, from what no row says.
				entry('a5', 'c-moved', 'edit', T3)
			])
			.execute();

		await db
			.insertInto('orders')
			.values(orderRow('o-buyer', 'paid', { user_id: 'buyer' }))
			.execute();
		await db
			.insertInto('invitations')
			.values({
				id: 'inv-1',
				unit_id: 'board-oslo',
				role: 'member',
				email: 'invited@example.org',
				token_hash: 'hash',
				invited_by: 'inviter',
				created_at: T2,
				expires_at: T3
			})
			.execute();
		const mail = (id: string, kind: string, to: string, text: string, at = T1) => ({
			id,
			kind,
			to_address: to,
			subject: id,
			text_body: text,
			transport: 'outbox',
			created_at: at
		});
		await db
			.insertInto('mail_outbox')
			.values([
				mail('m-claim', 'expense-submitted', 'u2@example.org', 'See https://x/en/fs/c-paid'),
				mail('m-order', 'order-confirmation', 'typed@example.net', 'Reference: o-buyer'),
				mail('m-invite', 'team-invitation', 'Invited@example.org', 'Join us', T2),
				mail('m-contact', 'contact', 'post@example.org', 'A question'),
				mail('m-notice', 'application-notice', 'u2@example.org', 'New application'),
				mail('m-reset', 'password-reset', 'u1@example.org', 'A link')
			])
			.execute();
		await db
			.insertInto('contact_messages')
			.values({
				id: 'cm-1',
				name: 'Sender',
				email: 'sender@example.org',
				subject: 'Question',
				message: 'A question',
				locale: 'en',
				created_at: T1,
				mail_id: 'm-contact'
			})
			.execute();
		await db
			.insertInto('job_applications')
			.values({
				id: 'app-1',
				job_id: 'job-treasurer',
				owner_id: 'u2',
				name: 'Applicant',
				email: 'applicant@example.org',
				phone: '+47 912 34 567',
				motivation: 'Motivation',
				locale: 'en',
				status: 'received',
				withdraw_token_hash: 'ab'.repeat(32),
				mail_ids: JSON.stringify(['m-notice']),
				created_at: T1,
				updated_at: T1
			})
			.execute();

		await m023.up(db as unknown as Kysely<unknown>);

		expect(
			await db
				.selectFrom('expense_submitted_units')
				.select(['claim_id', 'unit_id'])
				.orderBy('claim_id')
				.execute()
		).toEqual([
			{ claim_id: 'c-paid', unit_id: 'board-oslo' },
			{ claim_id: 'c-rejected', unit_id: 'board-oslo' },
			{ claim_id: 'c-submitted', unit_id: 'board-oslo' }
		]);
		expect(
			await db
				.selectFrom('mail_outbox')
				.select(['id', 'about_user_id', 'about_address'])
				.orderBy('id')
				.execute()
		).toEqual([
			{ id: 'm-claim', about_user_id: 'u1', about_address: null },
			{ id: 'm-contact', about_user_id: null, about_address: 'sender@example.org' },
			{ id: 'm-invite', about_user_id: 'inviter', about_address: null },
			{ id: 'm-notice', about_user_id: null, about_address: 'applicant@example.org' },
			{ id: 'm-order', about_user_id: 'buyer', about_address: null },
			{ id: 'm-reset', about_user_id: null, about_address: null }
		]);
	});
});
