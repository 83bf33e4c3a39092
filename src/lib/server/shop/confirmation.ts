// The order confirmation e-mail, written in the locale the buyer checked out in.
import { formatPrice } from '$lib/format';
import { isLocale, baseLocale } from '$lib/i18n';
import { orderNumber } from '$lib/order-number';
import { m } from '$lib/paraglide/messages';
import type { MailMessage } from '../mail';
import type { OrderDetail } from './orders';

export function confirmationMail(order: OrderDetail): MailMessage {
	const locale = isLocale(order.locale) ? order.locale : baseLocale;
	const options = { locale };
	const lines = order.lines.map(
		(l) => `${l.quantity} × ${l.name}: ${formatPrice(l.lineTotalOre, locale)}`
	);
	return {
		kind: 'order-confirmation',
		to: order.buyer.email,
		about: { userId: order.userId },
		subject: m.order_mail_subject({ id: orderNumber(order.id) }, options),
		text: [
			m.order_mail_greeting({ name: order.buyer.name }, options),
			'',
			m.order_mail_intro({}, options),
			'',
			...lines,
			m.order_mail_total({ total: formatPrice(order.totalOre, locale) }, options),
			'',
			m.order_mail_reference({ id: order.id }, options)
		].join('\n')
	};
}
