// The e-mails a buyer gets when an admin cancels or refunds their order, written in the locale the
// buyer checked out in, like the confirmation (confirmation.ts).
import { formatPrice } from '$lib/format';
import { baseLocale, isLocale } from '$lib/i18n';
import { orderNumber } from '$lib/order-number';
import { m } from '$lib/paraglide/messages';
import type { MailMessage } from '../mail';
import type { OrderDetail } from './orders';

export function orderCancelledMail(order: OrderDetail): MailMessage {
	const locale = isLocale(order.locale) ? order.locale : baseLocale;
	const options = { locale };
	return {
		kind: 'order-cancelled',
		to: order.buyer.email,
		about: { userId: order.userId },
		subject: m.admin_shop_mail_cancelled_subject({ id: orderNumber(order.id) }, options),
		text: [
			m.order_mail_greeting({ name: order.buyer.name }, options),
			'',
			m.admin_shop_mail_cancelled_body({}, options),
			'',
			m.order_mail_reference({ id: order.id }, options)
		].join('\n')
	};
}

export function orderRefundedMail(order: OrderDetail): MailMessage {
	const locale = isLocale(order.locale) ? order.locale : baseLocale;
	const options = { locale };
	return {
		kind: 'order-refunded',
		to: order.buyer.email,
		about: { userId: order.userId },
		subject: m.admin_shop_mail_refunded_subject({ id: orderNumber(order.id) }, options),
		text: [
			m.order_mail_greeting({ name: order.buyer.name }, options),
			'',
			m.admin_shop_mail_refunded_body({ total: formatPrice(order.totalOre, locale) }, options),
			'',
			...order.lines.map(
				(l) => `${l.quantity} × ${l.name}: ${formatPrice(l.lineTotalOre, locale)}`
			),
			'',
			m.order_mail_reference({ id: order.id }, options)
		].join('\n')
	};
}
