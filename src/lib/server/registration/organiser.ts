// Who organises an event: an admin, or a leader of the event's unit. The registration's settings
// and lists ask it, and so does everything else an event's organisers run (its feedback).
import type { UserContext } from '../context';
import type { Db } from '../db';
import { NotFound } from '../errors';
import type { RolesService } from '../identity/roles';

/** The caller, if they may organise the event; NotFound for an unknown event, Forbidden if not theirs. */
export async function requireOrganiser(
	db: Db,
	roles: Pick<RolesService, 'require'>,
	ctx: UserContext,
	eventId: string
) {
	const event = await db
		.selectFrom('events')
		.select('unit_id')
		.where('id', '=', eventId)
		.executeTakeFirst();
	if (!event) throw new NotFound('unknown event', 'unknown_event');
	return roles.require(ctx, { action: 'edit-content', unitId: event.unit_id });
}
