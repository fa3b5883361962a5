/** A cover file the API serves itself (`/api/covers/<name>`), the only local images we keep. */
const OWN_IMAGE_PATH = /^\/api\/covers\/[a-z0-9-]{1,64}\.(svg|png|jpg|webp)$/i;

/**
 * Whether an avatar URL may be stored and shown to other users: empty (no avatar), one of our own
 * stored images, or an https URL on one of `allowedHosts` (`AVATAR_HOSTS`). Anything else would
 * let a user make every visitor's browser call a host of their choosing (tracking pixels, or
 * worse with other schemes).
 */
export function isAllowedAvatar(avatar: string, allowedHosts: readonly string[]): boolean {
  if (avatar === '') return true;
  if (avatar.startsWith('/')) return OWN_IMAGE_PATH.test(avatar);
  let url: URL;
  try {
    url = new URL(avatar);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    allowedHosts.includes(url.hostname.toLowerCase())
  );
}
