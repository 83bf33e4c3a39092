// Serving content images (routes/media): which variant a name asks for, who may have it, and the
// headers that let browsers and proxies keep a public one for good.
import type { UserContext } from '../context';
import type { FilesService } from '../files';
import { etagMatches } from './errors';
import type { RolesService } from '../identity/roles';
import type { ContentService } from '../content';

const NAME = /^(full|\d{2,4})\.(avif|webp|jpg|png)$/;
const TYPES: Record<string, string> = {
	avif: 'image/avif',
	webp: 'image/webp',
	jpg: 'image/jpeg',
	png: 'image/png'
};

export async function servedMedia(
	deps: {
		content: Pick<ContentService, 'imageIsPublic'>;
		files: Pick<FilesService, 'find' | 'bytes' | 'readVariant'>;
		roles: Pick<RolesService, 'rolesOf'>;
	},
	ctx: UserContext,
	fileId: string,
	name: string,
	ifNoneMatch: string | null,
	now = new Date()
): Promise<Response | null> {
	const wanted = NAME.exec(name);
	if (!wanted || !/^[0-9a-f-]{36}$/.test(fileId)) return null;
	const file = await deps.files.find(fileId);
	if (!file || file.purpose !== 'image') return null;
	const shared = await deps.content.imageIsPublic(fileId, now);
	if (!shared) {
		// Not public yet (a draft's image): for the staff who edit content.
		const roles = await deps.roles.rolesOf(ctx, now);
		if (!roles.admin && !roles.units.some((u) => u.role === 'leader')) return null;
	}
	const [, size, extension] = wanted;
	const etag = `"${fileId}-${size}.${extension}"`;
	const headers: Record<string, string> = {
		'content-type': TYPES[extension!]!,
		'x-content-type-options': 'nosniff',
		'cache-control': shared ? 'public, max-age=31536000, immutable' : 'private, no-store',
		etag
	};
	if (shared && etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
	let body: Buffer | null;
	if (size === 'full') {
		const full = await deps.files.bytes(fileId);
		body = full && TYPES[extension!] === full.file.mimeType ? full.body : null;
	} else {
		const format = extension === 'avif' || extension === 'webp' ? extension : null;
		body = format ? await deps.files.readVariant(fileId, format, Number(size)) : null;
	}
	if (!body) return null;
	headers['content-length'] = String(body.length);
	return new Response(new Uint8Array(body), { status: 200, headers });
}
