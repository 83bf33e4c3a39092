import { secretsEqual } from '../crypto/secrets';

export const MIN_CRON_SECRET_LENGTH = 16;

/**
 * Whether `given` opens the cron route. An unset or short configured secret keeps the route shut
 * for everyone, so a forgotten variable never means "no secret needed".
 */
export function isCronSecretValid(
	given: string | undefined,
	configured: string | undefined
): boolean {
	if (!configured || configured.length < MIN_CRON_SECRET_LENGTH) return false;
	return secretsEqual(given ?? '', configured);
}
