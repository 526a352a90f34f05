import { firstHeader } from '../domain/shared/http-response';
import { directoryDue, freshnessOf, parseDirectory } from '../domain/traffic/key-directory';
import type { DirectoryKeys } from '../domain/traffic/signed-agents';
import { keysByThumbprint } from '../infra/ed25519-keys';
import type { KeyDirectoryStore, StoredDirectory } from '../infra/key-directory-store';
import { SiteFetchError } from '../infra/site-fetcher';
import type { SiteAccess } from './support/site-access';

/** A directory holds a few keys: anything larger is not one (the draft: cap the bytes). */
const DIRECTORY_MAX_BYTES = 64 * 1024;
/** A directory slower than this is unreachable for the part being read: the part must not wait on it. */
const DIRECTORY_TIMEOUT_MS = 5_000;
const ACCEPT = 'application/http-message-signatures-directory+json, application/json;q=0.9';

/**
 * Signing agents' key directories for the requests of a log part (docs/checks/traffic.md, "Signed agents"):
 * the stored copy while it is fresh, else fetched through the one fetcher (its origin overrides, no private
 * address, no redirect followed, bounded bytes and time). A failed fetch keeps the stored copy, which goes
 * on verifying; a directory never fetched is unreachable. Fetches of one directory on a worker are shared.
 */
export function createKeyDirectories(site: SiteAccess, store: KeyDirectoryStore) {
  const inFlight = new Map<string, Promise<StoredDirectory | undefined>>();
  const refresh = (url: string, stored: StoredDirectory | undefined) => {
    let pending = inFlight.get(url);
    if (!pending) {
      pending = fetchDirectory(site, store, url, stored).finally(() => inFlight.delete(url));
      inFlight.set(url, pending);
    }
    return pending;
  };
  return async function keyDirectories(urls: readonly string[]): Promise<Map<string, DirectoryKeys>> {
    const stored = await store.many(urls);
    const now = new Date();
    const resolved = await Promise.all(
      urls.map(async (url) => {
        const known = stored.get(url);
        const directory = directoryDue(known, now) ? await refresh(url, known) : known;
        return [url, keysOf(directory)] as const;
      }),
    );
    return new Map(resolved);
  };
}

function keysOf(directory: StoredDirectory | undefined): DirectoryKeys {
  if (directory?.keys) return { keys: keysByThumbprint(directory.keys) };
  return { unreachable: directory?.failure?.reason ?? 'not fetched' };
}

async function fetchDirectory(
  site: SiteAccess,
  store: KeyDirectoryStore,
  url: string,
  stored: StoredDirectory | undefined,
): Promise<StoredDirectory> {
  const now = new Date();
  const failed = async (reason: string): Promise<StoredDirectory> => {
    await store.saveFailure(url, reason, now);
    return { ...stored, _id: url, failure: { reason, at: now } };
  };
  try {
    const response = await site
      .fetcherFor('keyDirectory')
      .fetch(url, { maxBytes: DIRECTORY_MAX_BYTES, timeoutMs: DIRECTORY_TIMEOUT_MS, followRedirects: false, accept: ACCEPT });
    if (response.status >= 300 && response.status < 400)
      return await failed(`HTTP ${response.status}: a directory is not followed through a redirect`);
    if (response.status !== 200) return await failed(`HTTP ${response.status}`);
    if (response.truncated) return await failed(`larger than ${DIRECTORY_MAX_BYTES} bytes, or too slow`);
    const keys = parseDirectory(response.body.toString('utf8'));
    const maxAgeSeconds = freshnessOf(firstHeader(response.headers['cache-control']));
    await store.saveKeys(url, keys, now, maxAgeSeconds);
    return { _id: url, keys, fetchedAt: now, maxAgeSeconds };
  } catch (error) {
    // A store that is down, or the attempt cancelled, fails the part (Temporal retries it); a directory's bad answer only makes it unreachable.
    if (!(error instanceof SiteFetchError || error instanceof SyntaxError)) throw error;
    return failed(error.message);
  }
}
