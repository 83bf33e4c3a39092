// Privacy by query, not by list: one person in every table in every role (claimant, approver,
// buyer, admin acting on others' orders, contact sender and the staff who answers others, applicant
// and reviewer, team member and inviter, granter, safety staff, document uploader, audit actor and
// subject, mail recipient and subject), made through the domains where they write. The checks read
// the tables from the database's own catalog, so a table added later is covered without being
// named here: before the deletion it must name the person or be listed below as naming nobody;
// after it, no text column of any table holds their name or an address of theirs, and their id
// only where it refers to the anonymised account row. Their data export holds nothing of anyone
// else's. See docs/decisions.md, 2026-11-27.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applicationsService, type ApplicationsService } from '../applications';
import { record } from '../audit';
import { contactService } from '../contact';
import { contactInbox } from '../contact/inbox';
import { sqlContactStore } from '../contact/sql';
import { userContext, type UserContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { columnsHolding, textColumns } from '../db/test-catalog';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { orderRow, reservationRow, teamMemberRow, userRow } from '../db/test-rows';
import type { ExpensesService } from '../expenses';
import type { FilesService } from '../files';
import { pdf } from '../files/test-fixtures';
import { keyring as makeKeyring } from '../crypto/keyring';
import { mailer } from '../mail';
import { notificationsService } from '../notifications';
import { DEFAULT_PREFERENCES } from '../notifications/kinds';
import { confirmationMail } from '../shop/confirmation';
import { sqlOrderStore } from '../shop/orders-sql';
import { registrationService } from '../registration';
import { recordCheckIn } from '../tickets';
import { identityService } from './index';
import { invitationsService } from './invitations';
import { hashPassword } from './passwords';
import type { PrivacyService } from './privacy';
import { privacyServices } from './privacy-fixtures';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const LATER = '2026-12-24T12:00:00.000Z';
const PASSWORD = 'correct horse battery';

/** The person whose account is deleted, and everything that names them. */
const ZELDA = {
	id: 'zq7zelda',
	name: 'Zelda Quenby',
	email: 'zelda.quenby@example.org',
	/** The address she had her order's mail sent to. */
	typed: 'zq.private@example.net'
};
const BOB = { id: 'bq7bob', name: 'Bob Bystander', email: 'bob.bystander@example.org' };
const LEA = { id: 'lq7lea', name: 'Lea Leader', email: 'lea.leader@example.org' };
const FINN = { id: 'fq7finn', name: 'Finn Finance', email: 'finn.finance@example.org' };
const ADMIN = { id: 'aq7admin', name: 'Ada Admin', email: 'ada.admin@example.org' };
const NEWBIE = 'newbie.q7@example.org';
type Person = { id: string; name: string; email: string };

/**
 * Tables that name no person themselves: content, catalogues, counters, and rows that belong to
 * a record naming its person (a claim's lines belong to the claim). A new table goes here only
 * when that is true of it; one that names people needs its part in identity/privacy.ts.
 */
const NAMES_NOBODY: Record<string, string> = {
	campuses: 'content',
	units: 'content',
	events: 'content',
	news: 'content',
	jobs: 'content',
	pages: 'content',
	projects: 'content',
	products: 'catalogue',
	categories: 'catalogue',
	membership_plans: 'catalogue',
	slug_redirects: 'content addresses',
	event_registration: 'an event’s registration settings',
	registration_pools: 'an event’s registration settings',
	event_feedback_settings: 'whether an event asks for feedback',
	order_lines: 'belong to their order',
	payment_sessions: 'belong to their order',
	expense_lines: 'belong to their claim',
	expense_submitted_units: 'belong to their claim',
	job_application_files: 'belong to their application',
	file_variants: 'belong to their file',
	document_passages: 'belong to their document',
	assistant_feedback: 'anonymous by construction',
	safety_reports:
		'anonymous by construction: a report is linked to no account (the safety domain keeps it)',
	oauth_flows: 'a sign-in under way, before anyone is known',
	rate_limits: 'client addresses for a minute; no account',
	job_leases: 'instances',
	app_meta: 'the site'
};

/**
 * Where the person's id may stay after the deletion: each refers to the anonymised account row
 * ("Deleted user") from a record kept for the books or for the history of someone else's record.
 */
const ID_REFERENCES = new Set([
	'users.id',
	'orders.user_id', // orders are accounting records
	'memberships.user_id', // the organisation's member count
	'order_events.actor', // what they did to someone else's order
	'expense_claims.claimant_id', // paid and open claims are kept
	'expense_claims.decided_by', // their decision on someone else's claim
	'files.owner_id', // the receipts of kept claims, the documents they gave the assistant
	'documents.uploaded_by',
	'invitations.invited_by', // whom they invited is the invitee's
	'invitations.accepted_by',
	'admin_grants.granted_by',
	'safety_grants.granted_by',
	'contact_messages.assignee_id', // the staff member dealing with someone else's message
	'contact_replies.author_id',
	'job_application_notes.author_id',
	'check_ins.checked_by', // the organiser who scanned someone else's ticket at the door
	'safety_messages.staff_id',
	'safety_access_log.actor',
	'audit_log.actor',
	'audit_log.subject_id',
	'audit_log.details' // ids in the fields a change recorded (an assignee, a granter)
]);

const as = (who: Person): UserContext =>
	userContext({ id: who.id, email: who.email, name: who.name, isAnonymous: false }, `s-${who.id}`);
const link = (id: string) => `https://orgweb.test/api/files/${id}`;

describe.each(ENGINES)('privacy by query on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let dir: string;
	let files: FilesService;
	let expenses: ExpensesService;
	let applications: ApplicationsService;
	let privacy: PrivacyService;
	/** What only other people wrote or are, which Zelda's export must not hold. */
	let others: string[];
	/** The event she registered for, with Bob waiting behind her. */
	let eventId: string;

	async function claim(who: Person, purpose: string, submit = true) {
		const file = await files.accept({
			ownerId: who.id,
			purpose: 'receipt',
			bytes: pdf(),
			name: 'kvittering.pdf'
		});
		const created = await expenses.createDraft(as(who), {
			campusId: 'oslo',
			unitId: 'board-oslo',
			purpose,
			payoutAccount: '86011117947',
			lines: [
				{
					kind: 'receipt',
					date: '2026-11-20',
					merchant: 'Print shop',
					description: purpose,
					amount: '300',
					fileId: file.id
				}
			]
		});
		if (!created.ok) throw new Error(`draft refused: ${JSON.stringify(created)}`);
		if (submit) expect(await expenses.submit(as(who), created.id)).toMatchObject({ ok: true });
		return created.id;
	}

	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		dir = mkdtempSync(join(tmpdir(), 'orgweb-privacy-everywhere-'));
		await seedDemo(db, NOW);
		const passwordHash = await hashPassword(PASSWORD);
		await db
			.insertInto('users')
			.values(
				[ZELDA, BOB, LEA, FINN, ADMIN].map((p) =>
					userRow(p.id, {
						name: p.name,
						email: p.email,
						locale: 'en',
						password_hash: p === ZELDA ? passwordHash : null
					})
				)
			)
			.execute();
		await db
			.insertInto('team_members')
			.values([
				teamMemberRow(ZELDA.id, 'board-oslo', 'leader', NOW.toISOString()),
				teamMemberRow(ZELDA.id, 'events-oslo', 'member', NOW.toISOString()),
				teamMemberRow(LEA.id, 'board-oslo', 'leader', NOW.toISOString()),
				teamMemberRow(FINN.id, 'board-oslo', 'finance', NOW.toISOString())
			])
			.execute();
		// An admin by grant, who granted admin to Finn; safety staff too.
		await db
			.insertInto('admin_grants')
			.values([
				{ user_id: ZELDA.id, granted_by: ADMIN.id, granted_at: NOW.toISOString() },
				{ user_id: FINN.id, granted_by: ZELDA.id, granted_at: NOW.toISOString() }
			])
			.execute();
		await record(db, {
			actor: ADMIN.id,
			subjectType: 'admin_grant',
			subjectId: ZELDA.id,
			action: 'grant',
			at: NOW
		});
		await db
			.insertInto('safety_grants')
			.values({ user_id: ZELDA.id, granted_by: ADMIN.id, granted_at: NOW.toISOString() })
			.execute();
		// Both subscribed to their own calendar feed (only its token's hash is kept).
		await db
			.insertInto('calendar_feeds')
			.values([
				{ user_id: ZELDA.id, token_hash: 'feed-hash-zelda', created_at: NOW.toISOString() },
				{ user_id: BOB.id, token_hash: 'feed-hash-bob', created_at: NOW.toISOString() }
			])
			.execute();
		// She follows a unit, to hear when its events open for registration.
		await db
			.insertInto('unit_follows')
			.values({ user_id: ZELDA.id, unit_id: 'board-oslo', created_at: NOW.toISOString() })
			.execute();
		// Signed in, through a provider too; a reset link asked for; two wrong passwords.
		await db
			.insertInto('sessions')
			.values({
				id: 'session-zelda',
				user_id: ZELDA.id,
				secret_hash: 'secret-hash-zelda',
				created_at: NOW.toISOString(),
				expires_at: LATER,
				revoked_at: null,
				user_agent: 'Firefox'
			})
			.execute();
		await db
			.insertInto('auth_tokens')
			.values({
				id: 'token-zelda',
				user_id: ZELDA.id,
				purpose: 'reset',
				token_hash: 'token-hash-zelda',
				created_at: NOW.toISOString(),
				expires_at: LATER
			})
			.execute();
		await db
			.insertInto('oauth_accounts')
			.values({
				provider: 'entra',
				subject: 'sub-zelda',
				user_id: ZELDA.id,
				created_at: NOW.toISOString()
			})
			.execute();
		await db
			.insertInto('login_failures')
			.values({ key: `account:${ZELDA.email}`, failures: 2, last_failure_at: NOW.toISOString() })
			.execute();

		const services = privacyServices(db, dir, { adminEmails: [ADMIN.email], now: NOW });
		({ files, expenses, privacy } = services);
		const { store, roles } = services;
		const mail = mailer(db, null, { from: 'orgweb <noreply@example.org>' });
		applications = applicationsService({
			db,
			files,
			mail,
			roles,
			contactTo: 'post@org.example',
			retentionDays: 183
		});

		// Invited to a team, and inviting someone to hers.
		const identity = identityService(store, { ttlDays: 30, mail, signupDomains: null });
		const invitations = invitationsService(store, roles, identity, mail);
		const invite = (by: Person, unitId: string, email: string) =>
			invitations.invite(
				as(by),
				{ unitId, email, role: 'member', locale: 'en' },
				(t) => `https://orgweb.test/i?token=${t}`,
				NOW
			);
		await invite(ADMIN, 'board-trondheim', ZELDA.email);
		await invite(ZELDA, 'board-oslo', NEWBIE);
		await mail.send(
			{ kind: 'password-reset', to: ZELDA.email, subject: 'Reset', text: 'https://x/r?t=1' },
			NOW
		);
		// She turned the day-before reminders off.
		await notificationsService({ db, keyring: makeKeyring([randomBytes(32)]) }).save(
			as(ZELDA),
			{ ...DEFAULT_PREFERENCES, reminder: false },
			NOW
		);

		// A buyer whose confirmation went to another address she typed, with the membership the
		// payment granted and a cart; and an admin who refunded Bob's order.
		const orders = sqlOrderStore(db);
		await db
			.insertInto('orders')
			.values([
				orderRow('order-zelda', 'pending', {
					user_id: ZELDA.id,
					buyer_name: ZELDA.name,
					buyer_email: ZELDA.typed,
					buyer_phone: '98765432'
				}),
				orderRow('order-bob', 'paid', {
					user_id: BOB.id,
					buyer_name: BOB.name,
					buyer_email: BOB.email,
					buyer_phone: '11223344'
				})
			])
			.execute();
		await db
			.insertInto('order_lines')
			.values({
				id: 'line-zelda',
				order_id: 'order-zelda',
				product_id: 'membership-year-student',
				name: 'Membership',
				unit_price_ore: 100,
				quantity: 1
			})
			.execute();
		const detail = (await orders.orderDetail('order-zelda'))!;
		await orders.changeStatus({
			orderId: 'order-zelda',
			from: 'pending',
			to: 'paid',
			actor: 'system:test',
			at: NOW.toISOString(),
			releaseCartId: null,
			mail: { id: 'mail-order-zelda', message: confirmationMail(detail) }
		});
		await orders.changeStatus({
			orderId: 'order-bob',
			from: 'paid',
			to: 'refunding',
			actor: ZELDA.id,
			at: NOW.toISOString(),
			releaseCartId: null,
			audit: { actor: ZELDA.id, action: 'refund' }
		});
		await db
			.insertInto('cart_reservations')
			.values(
				reservationRow('cart-zelda', ZELDA.id, 'prod-mug', 1, {
					from: NOW.toISOString(),
					until: LATER
				})
			)
			.execute();

		// Registered for an event with its one seat and a question; Bob waits behind her.
		const registration = registrationService({ db, roles, mail, canTakePayments: false });
		const event = await db.selectFrom('events').select('id').executeTakeFirstOrThrow();
		await registration.saveSettings(
			as(ADMIN),
			event.id,
			{
				enabled: true,
				opensAt: NOW.toISOString(),
				closesAt: LATER,
				capacity: 1,
				questionNo: 'Tilrettelegging?',
				questionEn: 'Any needs?'
			},
			NOW
		);
		expect(
			await registration.register(as(ZELDA), event.id, { answer: 'Zelda needs a ramp' }, NOW)
		).toMatchObject({ status: 'confirmed' });
		expect(await registration.register(as(BOB), event.id, { answer: 'Bob is vegan' }, NOW)).toEqual(
			{ status: 'waiting', position: 1 }
		);
		eventId = event.id;
		// Both gave feedback on it (the organisers see it without their names).
		await db
			.insertInto('event_feedback')
			.values(
				[
					[ZELDA.id, 5, 'Zelda loved the choir'],
					[BOB.id, 2, 'Bob found it too loud']
				].map(([user_id, rating, comment]) => ({
					event_id: event.id,
					user_id: user_id as string,
					rating: rating as number,
					comment: comment as string,
					created_at: NOW.toISOString(),
					updated_at: NOW.toISOString()
				}))
			)
			.execute();
		// A mark of hers an organiser removed, with a reason about her.
		await db
			.insertInto('marks')
			.values({
				id: 'mark-zelda',
				user_id: ZELDA.id,
				event_id: event.id,
				registration_id: 'r-zelda-earlier',
				kind: 'no_show',
				weight: 1,
				event_at: NOW.toISOString(),
				created_at: NOW.toISOString(),
				removed_at: NOW.toISOString(),
				removed_by: ADMIN.id,
				removed_reason: 'Zelda sent a doctor’s note'
			})
			.execute();
		// Let in at the door; she scanned the ticket herself, as a leader at the door may.
		const seat = await db
			.selectFrom('registrations')
			.select('id')
			.where('user_id', '=', ZELDA.id)
			.executeTakeFirstOrThrow();
		await db
			.insertInto('attendance')
			.values({
				registration_id: seat.id,
				event_id: event.id,
				user_id: ZELDA.id,
				state: 'late',
				arrived_at: NOW.toISOString(),
				reason: null,
				updated_at: NOW.toISOString()
			})
			.execute();
		await recordCheckIn(
			db,
			{
				registrationId: seat.id,
				eventId,
				door: 'Zelda’s phone',
				by: ZELDA.id,
				at: NOW.toISOString()
			},
			NOW
		);

		// Claimant: paid, open, rejected and draft claims. Approver: Bob's claim, rejected with a
		// reason about his health.
		const paid = await claim(ZELDA, 'Zelda’s paid posters');
		await expenses.approve(as(LEA), paid);
		await expenses.markPaid(as(FINN), paid, '2026-11-24');
		await claim(ZELDA, 'Zelda’s open claim');
		const rejected = await claim(ZELDA, 'Zelda’s rejected claim');
		await expenses.reject(as(LEA), rejected, 'Zelda forgot the receipt');
		await claim(ZELDA, 'Zelda’s draft', false);
		const bobClaim = await claim(BOB, 'Bob’s conference trip');
		const healthReason = 'Sick leave that week: migraine diagnosis attached';
		expect(await expenses.reject(as(ZELDA), bobClaim, healthReason)).toMatchObject({ ok: true });

		// Contact: her own message; Bob's, which she took and answered.
		const contact = contactService(sqlContactStore(db), mail, 'post@org.example');
		const message = (who: Person, text: string) =>
			contact.submit(
				{
					name: who.name,
					email: who.email,
					subject: `${text} subject`,
					message: text,
					website: ''
				},
				'en',
				NOW
			);
		await message(ZELDA, 'Zelda asks about the board');
		const fromBob = await message(BOB, 'Bob asks about lockers');
		if (fromBob.status !== 'stored') throw new Error('not stored');
		const inbox = contactInbox({
			db,
			roles,
			mail,
			adminEmails: [ADMIN.email],
			replyTo: 'kontakt@example.org'
		});
		expect(
			await inbox.assign(as(ZELDA), fromBob.id, { version: 1, assignee: ZELDA.id }, NOW)
		).toMatchObject({ ok: true });
		const reply = 'The lockers are in the basement';
		expect(
			await inbox.reply(as(ZELDA), fromBob.id, { version: 2, body: reply }, NOW)
		).toMatchObject({ ok: true });

		// Applications: hers, and Bob's, which she reviewed with a note.
		const apply = async (who: Person, motivation: string) => {
			const outcome = await applications.submit(
				{
					jobId: 'job-treasurer',
					form: {
						name: who.name,
						email: who.email,
						phone: '+47 912 34 567',
						motivation,
						website: ''
					},
					cv: { name: 'cv.pdf', bytes: pdf() },
					attachments: [],
					locale: 'en',
					origin: 'https://orgweb.test'
				},
				NOW
			);
			if (outcome.status !== 'stored') throw new Error(`not stored: ${JSON.stringify(outcome)}`);
			return outcome.id;
		};
		await apply(ZELDA, 'Zelda has kept accounts for years');
		const bobApplication = await apply(BOB, 'Bob motivation about his long illness');
		const note = 'Bob seemed tired in the interview';
		expect(
			await applications.addNote(as(ZELDA), bobApplication, { body: note }, NOW)
		).toMatchObject({ ok: true });

		// A document she gave the assistant; safety staff answering a report.
		const document = await files.accept({
			ownerId: ZELDA.id,
			purpose: 'document',
			bytes: pdf(),
			name: 'handbook.pdf'
		});
		await db
			.insertInto('documents')
			.values({
				id: 'doc-zelda',
				file_id: document.id,
				title: 'Handbook',
				locale: null,
				unit_id: null,
				uploaded_by: ZELDA.id,
				characters: 10,
				passage_count: 1,
				created_at: NOW.toISOString()
			})
			.execute();
		await db
			.insertInto('safety_reports')
			.values({
				id: 'report-1',
				receipt_hash: 'receipt-hash-1',
				passphrase_hash: 'passphrase-hash-1',
				body: 'Something happened',
				reporter_name: null,
				reporter_email: null,
				unit_id: null,
				locale: 'en',
				status: 'in_review',
				last_message_by: 'staff',
				created_at: NOW.toISOString(),
				updated_at: NOW.toISOString()
			})
			.execute();
		await db
			.insertInto('safety_messages')
			.values({
				id: 'safety-message-1',
				report_id: 'report-1',
				author: 'staff',
				staff_id: ZELDA.id,
				body: 'We are looking into it',
				created_at: NOW.toISOString()
			})
			.execute();
		await db
			.insertInto('safety_access_log')
			.values({
				id: 'safety-read-1',
				report_id: 'report-1',
				actor: ZELDA.id,
				action: 'read',
				details: null,
				at: NOW.toISOString()
			})
			.execute();

		others = [
			...Object.values(BOB),
			LEA.name,
			LEA.email,
			FINN.name,
			FINN.email,
			ADMIN.name,
			ADMIN.email,
			NEWBIE,
			bobClaim,
			'Bob’s conference trip',
			healthReason,
			'migraine',
			'Bob asks about lockers',
			fromBob.id,
			reply,
			bobApplication,
			'long illness',
			note,
			'order-bob',
			'11223344',
			'Bob is vegan',
			'feed-hash-bob',
			'Bob found it too loud'
		];
	});
	afterEach(async () => {
		await test.destroy();
		rmSync(dir, { recursive: true, force: true });
	});

	const namesOf = [ZELDA.name, ZELDA.email, ZELDA.typed, 'Quenby'];

	it('finds the person in every table that names anyone, from the catalog', async () => {
		const columns = await textColumns(db);
		const naming = new Set<string>();
		for (const needle of [ZELDA.id, ...namesOf]) {
			for (const column of await columnsHolding(db, columns, needle)) {
				naming.add(column.split('.')[0]!);
			}
		}
		const unaccounted = [...columns.keys()].filter((t) => !naming.has(t) && !(t in NAMES_NOBODY));
		expect(unaccounted, 'tables that neither name her nor are listed as naming nobody').toEqual([]);
	});

	it('after deleting the account no table holds her name or address, and her id only where it points at the anonymised account', async () => {
		expect(await privacy.deleteOwnAccount(as(ZELDA), { password: PASSWORD }, NOW)).toMatchObject({
			ok: true
		});
		const columns = await textColumns(db);
		for (const needle of namesOf) {
			expect(await columnsHolding(db, columns, needle), needle).toEqual([]);
		}
		const ids = await columnsHolding(db, columns, ZELDA.id);
		expect(ids.filter((c) => !ID_REFERENCES.has(c))).toEqual([]);
		expect(
			await db.selectFrom('users').select(['name', 'email']).where('id', '=', ZELDA.id).execute()
		).toEqual([{ name: 'Deleted user', email: null }]);
		// What others wrote and own is still theirs.
		expect(await columnsHolding(db, columns, 'Bob’s conference trip')).not.toEqual([]);
		// Her seat went to the next in line, who was told.
		expect(
			await db
				.selectFrom('registrations')
				.select(['user_id', 'status', 'answer'])
				.where('event_id', '=', eventId)
				.execute()
		).toEqual([{ user_id: BOB.id, status: 'confirmed', answer: 'Bob is vegan' }]);
		expect(
			await db
				.selectFrom('mail_outbox')
				.select('to_address')
				.where('kind', '=', 'registration-promoted')
				.execute()
		).toEqual([{ to_address: BOB.email }]);
		expect(await columnsHolding(db, columns, BOB.email)).not.toEqual([]);
		// Her feedback went with her; Bob's stays.
		expect(await db.selectFrom('event_feedback').select(['user_id', 'comment']).execute()).toEqual([
			{ user_id: BOB.id, comment: 'Bob found it too loud' }
		]);
	});

	it('her data export holds her own data and nothing of anyone else’s', async () => {
		const data = await privacy.exportOwn(as(ZELDA), link, NOW);
		const text = JSON.stringify(data);
		for (const absent of others) expect(text, absent).not.toContain(absent);
		// Her own, from every part.
		for (const present of [
			ZELDA.name,
			ZELDA.typed,
			'Zelda’s paid posters',
			'Zelda forgot the receipt',
			'Zelda asks about the board',
			'Zelda has kept accounts for years',
			'handbook.pdf',
			'Zelda needs a ramp',
			'Zelda loved the choir',
			'Zelda sent a doctor’s note'
		]) {
			expect(text, present).toContain(present);
		}
		// That she has a calendar feed and since when; never its address.
		expect(data!.calendarFeed).toEqual({ createdAt: NOW.toISOString() });
		expect(text).not.toContain('feed-hash-zelda');
		expect(data!.notificationPreferences).toMatchObject({ reminder: false, promoted: true });
		expect(data!.eventRegistrations).toEqual([
			expect.objectContaining({ checkedIn: { at: NOW.toISOString(), door: 'Zelda’s phone' } })
		]);
		expect(data!.emailsSent.map((e) => e.kind)).toEqual(
			expect.arrayContaining([
				'password-reset',
				'order-confirmation',
				'team-invitation',
				'expense-paid',
				'application-confirmation',
				'expense-submitted'
			])
		);
	});
});
