// Authenticates API servers (resource servers) on our own endpoints the way oidc-provider does
// on its own: HTTP Basic with the client id and secret each form-urlencoded first (RFC 6749
// section 2.3.1). Secrets are compared in constant time over their SHA-256 digests, so neither
// their content nor their length leaks through timing; an unknown client costs the same
// comparison. `matchesClientSecret` is the one place that knows how secrets are stored.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/pool.ts';
import { findClientRecord } from './client-registry.ts';

export interface BasicCredentials {
  readonly clientId: string;
  readonly secret: string;
}

const BASIC_SCHEME = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i;
// Compared against when the client is unknown or has no secret, so every failure costs the same.
const UNMATCHABLE_SECRET = 'no client has this secret';

/** The resource server's client id when the header carries its valid credentials; else undefined. */
export async function authenticateResourceServer(db: Queryable, authorizationHeader: string | undefined): Promise<string | undefined> {
  const credentials = parseBasicCredentials(authorizationHeader);
  if (!credentials) return undefined;
  const client = await findClientRecord(db, credentials.clientId);
  const stored = client?.kind === 'resource_server' ? client.clientSecret : null;
  return matchesClientSecret(credentials.secret, stored) ? credentials.clientId : undefined;
}

/** TODO(secret hashing): when secrets are stored hashed, this verifies against the hash instead. */
export function matchesClientSecret(presented: string, stored: string | null): boolean {
  const expected = digest(stored ?? UNMATCHABLE_SECRET);
  return timingSafeEqual(digest(presented), expected) && stored !== null;
}

/** RFC 7617 Basic with RFC 6749 2.3.1's form-urlencoding inside; undefined when malformed. */
export function parseBasicCredentials(header: string | undefined): BasicCredentials | undefined {
  const token = header ? BASIC_SCHEME.exec(header)?.[1] : undefined;
  if (!token) return undefined;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const clientId = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  if (!clientId || secret === undefined || secret === '') return undefined;
  return { clientId, secret };
}

function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
