// Whose content the caller may edit: an admin anything, a unit's leader what belongs to their
// units (the roles module decides); anyone else nothing.
import { KINDS } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import type { UserContext } from '../../context';
import { Forbidden } from '../../errors';
import { signedIn, type RolesService } from '../../identity/roles';

/** The unit that owns a record (or a record about to be), for the role check. */
export function unitOf(kind: ContentKind, row: Record<string, unknown>): string | null {
	const field = KINDS[kind].unitField;
	if (!field) return null;
	const value = row[field];
	return typeof value === 'string' && value !== '' ? value : null;
}

export function editorScope(roles: Pick<RolesService, 'require' | 'rolesOf'>) {
	/** The units whose content the caller may edit; null: all (an admin). */
	async function editableUnits(ctx: UserContext, now: Date): Promise<string[] | null> {
		const mine = await roles.rolesOf(ctx, now);
		if (mine.admin) return null;
		return mine.units.filter((u) => u.role === 'leader').map((u) => u.unitId);
	}

	async function requireEdit(ctx: UserContext, unitId: string | null, now: Date) {
		return roles.require(ctx, { action: 'edit-content', unitId }, now);
	}

	/**
	 * Which records of a kind the caller may list or add: all (null) for an admin, their units'
	 * for a unit's leader where the kind belongs to units; anyone else is refused.
	 */
	async function listScope(ctx: UserContext, kind: ContentKind, now: Date) {
		signedIn(ctx);
		const units = await editableUnits(ctx, now);
		if (units === null) return null;
		if (!KINDS[kind].unitField || units.length === 0) {
			throw new Forbidden('Forbidden', 'forbidden');
		}
		return units;
	}

	return { editableUnits, requireEdit, listScope };
}

export type EditorScope = ReturnType<typeof editorScope>;
