import { error, fail, redirect } from '@sveltejs/kit';
import { SimulatorDecisionForm } from '$lib/schemas/payments';
import { services } from '$lib/server/app';
import { sendSimulatorCallbacks } from '$lib/server/payments/simulator-page';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// The simulator's hosted payment page. Off (404) unless the simulator is the enabled provider.
function simulatorOr404() {
	const { simulator } = services();
	if (!simulator) error(404, 'Not found');
	return simulator;
}

export const load: PageServerLoad = async ({ params }) => {
	const session = await simulatorOr404().session(params.sessionId);
	if (!session) error(404, 'Not found');
	return { session };
};

async function decide(event: RequestEvent, decision: 'AUTHORIZED' | 'ABORTED') {
	const simulator = simulatorOr404();
	const hooks = SimulatorDecisionForm.safeParse(Object.fromEntries(await event.request.formData()));
	if (!hooks.success) return fail(400, { invalid: true });
	const session = await simulator.session(event.params.sessionId);
	if (!session) error(404, 'Not found');
	if (!(await simulator.decide(session.id, decision))) return fail(409, { decided: true });
	const origin = services().config.PUBLIC_ORIGIN ?? event.url.origin;
	await sendSimulatorCallbacks(
		simulator,
		session.id,
		`${origin}/api/payment/simulator/callback`,
		hooks.data
	);
	redirect(303, session.returnUrl);
}

export const actions: Actions = {
	approve: (event) => decide(event, 'AUTHORIZED'),
	cancel: (event) => decide(event, 'ABORTED')
};
