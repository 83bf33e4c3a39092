// The e-mails a buyer gets about an order — its confirmation (confirmation.ts), and the notice when
// an admin cancels or refunds it — each written in the locale the buyer checked out in, between
// the same greeting and the same reference line.
import { formatPrice } from '$lib/format';
import { baseLocale, isLocale, type Locale } from '$lib/i18n';
import { orderNumber } from '$lib/order-number';
import { m } from '$lib/paraglide/messages';
import type { MailMessage } from '../mail';
import type { OrderDetail } from './orders';

type Options = { locale: Locale };

/** A mail to the order's buyer: `subject` and `body` in their locale, greeted and referenced. */
export function buyerMail(
	order: OrderDetail,
	kind: MailMessage['kind'],
	subject: (id: string, options: Options) => string,
	body: (locale: Locale, options: Options) => string[]
): MailMessage {
	const locale = isLocale(order.locale) ? order.locale : baseLocale;
	const options = { locale };
	return {
		kind,
		to: order.buyer.email,
		about: { userId: order.userId },
		subject: subject(orderNumber(order.id), options),
		text: [
			m.order_mail_greeting({ name: order.buyer.name }, options),
			'',
			...body(locale, options),
			'',
			m.order_mail_reference({ id: order.id }, options)
		].join('\n')
	};
}

/** The order's lines, one a line: "2 × Hoodie: kr 798,00". */
export const lineTexts = (order: OrderDetail, locale: Locale) =>
	order.lines.map((l) => `${l.quantity} × ${l.name}: ${formatPrice(l.lineTotalOre, locale)}`);

export const orderCancelledMail = (order: OrderDetail) =>
	buyerMail(
		order,
		'order-cancelled',
		(id, options) => m.admin_shop_mail_cancelled_subject({ id }, options),
		(_locale, options) => [m.admin_shop_mail_cancelled_body({}, options)]
	);

export const orderRefundedMail = (order: OrderDetail) =>
	buyerMail(
		order,
		'order-refunded',
		(id, options) => m.admin_shop_mail_refunded_subject({ id }, options),
		(locale, options) => [
			m.admin_shop_mail_refunded_body({ total: formatPrice(order.totalOre, locale) }, options),
			'',
			...lineTexts(order, locale)
		]
	);
