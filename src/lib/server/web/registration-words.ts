// The words of the event page's registration section and of the profile's list of registrations,
// made on the server in the page's language. The browser gets finished sentences and no code to
// make them: the section's messages, formatters and branches cost the event page 4 kB of
// first-visit JavaScript, which its budget does not have.
import { formatDate, formatDateTime, formatList } from '$lib/format';
import { localizePath, type Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { MemberView, Mine, MyRegistration, NamedReason } from '../registration';
import { standingInWords, unregisterOutcome } from './marks-words';

/** Whether the member may still give up their seat: freely, only marked late, or not at all. */
export type Unregistering = 'free' | 'late' | 'closed';

/** What the section offers: a sign-in link, the unregister form, the reasons, a closed note, or the register form. */
export type SectionState = 'visitor' | 'held' | 'ineligible' | 'closed' | 'register';

/** A paragraph of the section: its text, how it reads, and the name tests know it by. */
export interface SectionLine {
	text: string;
	tone?: 'strong' | 'muted' | 'warn';
	testid?: string;
}

/** The section's paragraphs and its controls' labels. */
export interface SectionWords {
	title: string;
	lines: SectionLine[];
	payLink: string;
	signIn: string;
	lateConfirm: string;
	/** The button's label, and while its post is on its way. */
	submit: string;
	submitting: string;
	question: string | null;
	answerHint: string;
	/** "Opens in {time}" and "Opens in {days} days", filled in by the countdown. */
	opensIn: string;
	opensInDays: string;
	nowOpen: string;
}

/** "You are registered in the pool X." / "You are number 3 on the waiting list." …; null: none. */
export function mineInWords(mine: Mine, locale: Locale): string | null {
	if (mine.status === 'confirmed') {
		return mine.pool
			? m.registration_mine_confirmed_pool({ pool: mine.pool.name[locale] })
			: m.registration_mine_confirmed();
	}
	if (mine.status === 'waiting') return m.registration_mine_waiting({ position: mine.position });
	if (mine.status === 'entered') {
		return m.registration_mine_entered({ date: formatDateTime(mine.drawAt, locale) });
	}
	return null;
}

const payByOf = (mine: Mine, locale: Locale) =>
	mine.status === 'confirmed' && mine.payBy
		? m.registration_pay_by({ date: formatDateTime(mine.payBy, locale) })
		: null;

export const payHrefOf = (mine: Mine, locale: Locale) =>
	mine.status === 'confirmed' && mine.orderId
		? localizePath(`/shop/order/${mine.orderId}`, locale)
		: null;

function reasonInWords(reason: NamedReason, locale: Locale): string {
	if (reason.eligibility === 'members') return m.registration_reason_members();
	if (reason.eligibility === 'campus')
		return m.registration_reason_campus({ campus: reason.campus });
	const units = formatList(
		reason.units.map((u) => u[locale]),
		locale
	);
	return m.registration_reason_units({ units });
}

function deadlineOf(view: MemberView, unregistering: Unregistering, locale: Locale) {
	if (!view.unregisterBy || view.mine.status !== 'confirmed') return null;
	const date = formatDateTime(view.unregisterBy, locale);
	if (unregistering === 'late') return m.registration_late_notice({ date });
	if (unregistering === 'closed') return m.registration_unregister_closed({ date });
	return m.registration_unregister_by({ date });
}

function timingOf(view: MemberView, closed: boolean, locale: Locale) {
	if (closed) return m.registration_closed();
	if (view.open) return m.registration_closes({ date: formatDateTime(view.closesAt, locale) });
	return m.registration_opens({ date: formatDateTime(view.opensAt, locale) });
}

/** What the section says, top to bottom, for what it offers (`state`). */
function linesOf(
	view: MemberView,
	state: SectionState,
	unregistering: Unregistering,
	closed: boolean,
	locale: Locale
): SectionLine[] {
	const counts = `${m.registration_seats({ confirmed: view.confirmed, capacity: view.capacity })} · ${m.registration_waiting_count({ count: view.waiting })}`;
	const pools = view.pools
		.map((p) =>
			m.registration_pool_seats({
				name: p.name[locale],
				confirmed: p.confirmed,
				capacity: p.capacity
			})
		)
		.join(' · ');
	const lines: (SectionLine | null)[] = [
		{ text: counts, testid: 'registration-counts' },
		pools ? { text: pools, tone: 'muted' } : null
	];
	const mine = mineInWords(view.mine, locale);
	if (mine) lines.push({ text: mine, tone: 'strong', testid: 'registration-mine' });
	const payBy = payByOf(view.mine, locale);
	if (payBy) lines.push({ text: payBy });
	if (state === 'held') {
		const deadline = deadlineOf(view, unregistering, locale);
		const tone = unregistering === 'free' ? 'muted' : 'warn';
		if (deadline) lines.push({ text: deadline, tone, testid: 'registration-deadline' });
		const outcome = unregisterOutcome(view, unregistering, locale);
		if (outcome) lines.push({ text: outcome, tone, testid: 'registration-mark-outcome' });
	}
	const standing =
		state === 'register' && view.marks
			? standingInWords(view.marks.standing, view.marks.opensAt, locale)
			: null;
	if (standing) lines.push({ text: standing, tone: 'warn', testid: 'registration-marks' });
	if (state === 'ineligible') {
		const reasons = (view.ineligible ?? []).map((r) => reasonInWords(r, locale));
		lines.push({ text: `${m.registration_ineligible()} ${formatList(reasons, locale)}.` });
	}
	if (state === 'register' || state === 'closed' || state === 'visitor') {
		lines.push({ text: timingOf(view, closed, locale), tone: 'muted' });
	}
	return lines.filter((l) => l !== null);
}

export function sectionWords(
	view: MemberView,
	state: SectionState,
	unregistering: Unregistering,
	closed: boolean,
	locale: Locale
): SectionWords {
	const held = state === 'held';
	return {
		title: m.registration_title(),
		lines: linesOf(view, state, unregistering, closed, locale),
		payLink: m.registration_pay_link(),
		signIn: m.registration_sign_in(),
		lateConfirm: m.registration_late_confirm(),
		submit: !held
			? m.registration_register()
			: unregistering === 'late'
				? m.registration_unregister_late()
				: m.registration_unregister(),
		submitting: held ? m.registration_unregistering() : m.registration_registering(),
		question: view.question?.[locale] ?? null,
		answerHint: m.registration_answer_hint(),
		opensIn: m.registration_opens_in({ time: '{time}' }),
		opensInDays: m.registration_opens_in_days({ days: '{days}' }),
		nowOpen: m.registration_now_open()
	};
}

/**
 * A post's answer in words (`done`: unregistered; else why it was refused); null when the section
 * shown with the answer already says it (the pools' reasons; the passed deadline, with its date).
 */
export function answerInWords(
	reason: string,
	locale: Locale,
	when: { opensAt?: string } = {}
): string | null {
	switch (reason) {
		case 'done':
			return m.registration_unregistered();
		case 'not_eligible':
		case 'unregister_closed':
			return null;
		case 'not_open':
			return m.registration_error_not_open({
				date: when.opensAt ? formatDateTime(when.opensAt, locale) : ''
			});
		case 'marks_delay':
			return m.marks_error_delay({
				date: when.opensAt ? formatDateTime(when.opensAt, locale) : ''
			});
		case 'closed':
			return m.registration_closed();
		case 'rate_limited':
			return m.registration_error_rate();
		case 'invalid':
			return m.registration_error_answer();
		case 'confirm_late':
			return m.registration_late_confirm_error();
		case 'signed_out':
			return m.registration_sign_in();
		default:
			return m.registration_error_gone();
	}
}

/** One line of the profile's "my registrations", in words already. */
export interface RegistrationLine {
	eventId: string;
	href: string;
	title: string;
	when: string;
	status: string;
	payBy: string | null;
	payHref: string | null;
}

export function registrationLine(r: MyRegistration, locale: Locale): RegistrationLine {
	return {
		eventId: r.eventId,
		href: localizePath(`/events/${encodeURIComponent(r.slugs[locale])}`, locale),
		title: r.title[locale],
		when: formatDate(r.startsAt, locale),
		status: mineInWords(r.mine, locale) ?? '',
		payBy: payByOf(r.mine, locale),
		payHref: payHrefOf(r.mine, locale)
	};
}

/** The profile section's own words (its heading, the empty list, the pay link). */
export const profileListWords = () => ({
	title: m.registration_mine_title(),
	empty: m.registration_mine_empty(),
	browse: m.registration_mine_browse(),
	payLink: m.registration_pay_link(),
	marks: m.marks_profile_link()
});
