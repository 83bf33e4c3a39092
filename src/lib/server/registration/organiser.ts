// Who organises an event: admins and the leaders of the event's unit (the roles' `edit-content`
// on that unit). Registration's admin pages and the door's check-in ask the same question here.
import type { UserContext } from '../context';
import type { Db } from '../db';
import { NotFound } from '../errors';
import type { RolesService } from '../identity/roles';

/** The signed-in organiser of `eventId`; NotFound for an unknown event, Forbidden for anyone else. */
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
