// A membership plan's period and audience in words.
import { m } from '$lib/paraglide/messages';

export function periodLabel(period: string): string {
	if (period === 'semester') return m.admin_shop_period_semester();
	if (period === 'year') return m.admin_shop_period_year();
	return period;
}

export function audienceLabel(audience: string): string {
	if (audience === 'student') return m.admin_shop_audience_student();
	if (audience === 'regular') return m.admin_shop_audience_regular();
	return audience;
}
