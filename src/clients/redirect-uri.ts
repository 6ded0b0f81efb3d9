// What a redirect URI must look like to be registered. Authorization codes travel to it, so:
// https only, except http on the loopback interface for native and development clients
// (RFC 8252 section 7.3; OAuth 2.0 Security BCP, RFC 9700 section 2.1); no fragment
// (RFC 6749 section 3.1.2); no userinfo, which makes `https://good@evil` look like `good`.
// The URI is stored exactly as given and later compared as a string (RFC 9700 section 4.1.3),
// so it is checked on its raw text, never normalised: a trailing slash is part of it.

export type RedirectUriCheck = string | { readonly error: string };

const MAX_LENGTH = 2000;
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);
const PORT_SUFFIX = /:\d*$/;
// scheme "://" authority, read off the raw text: the URL parser would drop an empty userinfo
// ("https://@host") and accept "https:host" without the slashes.
const RAW_PREFIX = /^(https?):\/\/([^/?#]*)/;
// Whitespace, controls and backslashes are silently rewritten by URL parsers: the string
// compared later would not be the one checked now.
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f\\]/;

/** The URI, unchanged, when it may be registered; otherwise `{ error }` saying why not. */
export function validateRedirectUri(uri: string): RedirectUriCheck {
  if (uri.length === 0 || uri.length > MAX_LENGTH) return refuse(`must have 1 to ${MAX_LENGTH} characters`);
  if (UNSAFE_CHARACTERS.test(uri)) return refuse('must not contain spaces, control characters or backslashes');
  const prefix = RAW_PREFIX.exec(uri);
  if (!prefix) return refuse('must be an absolute https:// URL (http:// only for 127.0.0.1, [::1] or localhost)');
  const authority = prefix[2] ?? '';
  if (authority.includes('@')) return refuse('must not contain a user name or password (user@host)');
  if (uri.includes('#')) return refuse('must not contain a fragment (#)');
  const url = URL.parse(uri);
  if (!url || authority === '' || url.hostname === '') return refuse('is not a valid URL with a host');
  if (url.protocol === 'http:' && !isLoopback(authority, url.hostname)) {
    return refuse('must use https:// (http:// is allowed only for 127.0.0.1, [::1] and localhost)');
  }
  return uri;
}

export function isRedirectUriError(check: RedirectUriCheck): check is { readonly error: string } {
  return typeof check !== 'string';
}

// Both the text as written and the parser's reading must name a loopback host: the parser
// also maps `127.1` or `0x7f000001` to 127.0.0.1, spellings we do not want to store.
function isLoopback(authority: string, parsedHostname: string): boolean {
  const writtenHost = authority.replace(PORT_SUFFIX, '').toLowerCase();
  return LOOPBACK_HOSTS.has(writtenHost) && LOOPBACK_HOSTS.has(parsedHostname);
}

function refuse(reason: string): { error: string } {
  return { error: `redirect URI ${reason}` };
}
