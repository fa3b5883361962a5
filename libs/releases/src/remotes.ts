/** The remotes a team releases on its own, by their folder (and Nx project) name. */
export const REMOTE_IDS = ['storefront', 'checkout', 'author-portal'] as const;
export type RemoteId = (typeof REMOTE_IDS)[number];

/** Each remote's key in the shell's runtime config (its federation container name). */
export const RUNTIME_CONFIG_KEYS: Readonly<
  Record<RemoteId, 'storefront' | 'checkout' | 'authorPortal'>
> = {
  storefront: 'storefront',
  checkout: 'checkout',
  'author-portal': 'authorPortal',
};

export function isRemoteId(value: unknown): value is RemoteId {
  return typeof value === 'string' && (REMOTE_IDS as readonly string[]).includes(value);
}

/** Throws naming the remotes there are, unless `value` is one of them. */
export function remoteId(value: unknown): RemoteId {
  if (isRemoteId(value)) return value;
  throw new ReleaseError(
    'unknown-remote',
    `unknown remote ${JSON.stringify(value)}: one of ${REMOTE_IDS.join(', ')}`,
  );
}

/**
 * A version: the remote's release number, then the first 10 hex digits of its content hash
 * (`7-3f9a1c2e4b`). The number orders releases for people; the hash says what was released.
 */
export const VERSION_PATTERN = /^[1-9][0-9]{0,8}-[0-9a-f]{10}$/;

export function isVersion(value: unknown): value is string {
  return typeof value === 'string' && VERSION_PATTERN.test(value);
}

export function versionOf(number: number, contentHash: string): string {
  return `${number}-${contentHash.slice(0, 10)}`;
}

/** The release number in a version (`7` in `7-3f9a1c2e4b`). */
export function releaseNumberOf(version: string): number {
  return Number(version.slice(0, version.indexOf('-')));
}

export type ReleaseErrorType =
  | 'unknown-remote'
  | 'bad-version'
  | 'version-exists'
  | 'no-such-version'
  | 'nothing-to-roll-back'
  | 'bad-share'
  | 'incompatible'
  | 'bad-pointers'
  | 'bad-setting';

/** Every refusal of the release tools, with a type a caller can act on and a message for people. */
export class ReleaseError extends Error {
  constructor(
    readonly type: ReleaseErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'ReleaseError';
  }
}
