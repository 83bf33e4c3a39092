// The order confirmation e-mail, written in the locale the buyer checked out in.
import { formatPrice } from '$lib/format';
import { m } from '$lib/paraglide/messages';
import type { MailMessage } from '../mail';
import { buyerMail, lineTexts } from './order-mail';
import type { OrderDetail } from './orders';

/** `ticket`: the ticket page's address when the order paid for an event's seat. */
export const confirmationMail = (order: OrderDetail, ticket: string | null = null): MailMessage =>
	buyerMail(
		order,
		'order-confirmation',
		(id, options) => m.order_mail_subject({ id }, options),
		(locale, options) => [
			m.order_mail_intro({}, options),
			'',
			...lineTexts(order, locale),
			m.order_mail_total({ total: formatPrice(order.totalOre, locale) }, options),
			...(ticket ? ['', m.order_mail_ticket({ url: ticket }, options)] : [])
		]
	);
