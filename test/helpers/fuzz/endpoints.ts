// Every endpoint of the server, each with the parameters and credentials an honest request
// would carry, drawn so the fuzzer reaches past the first check: real client ids and
// secrets, a real interaction with its cookie and CSRF token, a signed-in /account session,
// a real installation. The generator (generate.ts) then breaks these requests.
import type { Random } from './random.ts';
import { hostileValue, percentEncode, type Bytes, type Pair } from './values.ts';
import { REDIRECT_URI } from '../flow.ts';

export interface Credentials { readonly clientId: string; readonly secret: string }
/** A browser's state for one form: the cookies to send and the form's CSRF token. */
export interface FormSession { readonly cookie: string; readonly csrf: string }

export interface FuzzTargets {
  readonly clientId: string;
  readonly confidential: Credentials;
  readonly resourceServer: Credentials;
  readonly installationId: string;
  readonly portfolioId: string;
  /** An interaction waiting at the login prompt, and one at the consent prompt. */
  readonly login: FormSession & { readonly uid: string };
  readonly consent: FormSession & { readonly uid: string };
  /** A signed-in /account session, and the /account/login form's nonce cookie. */
  readonly account: FormSession;
  readonly accountLogin: FormSession;
}

export type Header = readonly [string, Bytes];
export type Carrier = 'query' | 'form' | 'json';

export interface Endpoint {
  readonly name: string;
  readonly method: string;
  readonly carrier: Carrier;
  path(r: Random, t: FuzzTargets): string;
  params(r: Random, t: FuzzTargets): Pair[];
  headers(r: Random, t: FuzzTargets): Header[];
}

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function basic(r: Random, credentials: Credentials): Header[] {
  const roll = r.next();
  if (roll < 0.5) return [['Authorization', `Basic ${Buffer.from(`${credentials.clientId}:${credentials.secret}`).toString('base64')}`]];
  if (roll < 0.6) return [];
  const broken = ['Basic', 'Basic !!!', `Basic ${Buffer.from(':').toString('base64')}`, `Basic ${Buffer.from(`${credentials.clientId}:wrong`).toString('base64')}`, 'Bearer x', `Basic ${'A'.repeat(9000)}`];
  return [['Authorization', r.chance(0.8) ? r.pick(broken) : Buffer.concat([Buffer.from('Basic '), r.bytes(20)])]];
}

/** The right cookie, none, or a tampered one. */
function cookie(r: Random, real: string): Header[] {
  const roll = r.next();
  if (roll < 0.6) return [['Cookie', real]];
  if (roll < 0.75) return [];
  if (roll < 0.9) return [['Cookie', real.replace(/\.sig=[^;]*/g, `.sig=${r.text(27)}`)]];
  return [['Cookie', r.chance(0.5) ? hostileValue(r) : `${real}; ${real}`]];
}

function id(r: Random, real: string): string {
  return r.chance(0.6) ? real : percentEncode(hostileValue(r)) || 'x';
}

function csrf(r: Random, real: string): Pair[] {
  return r.chance(0.5) ? [['csrf', real]] : r.chance(0.5) ? [] : [['csrf', hostileValue(r)]];
}

function authorizationParams(r: Random, t: FuzzTargets): Pair[] {
  const pairs: Pair[] = [
    ['client_id', r.pick([t.clientId, t.confidential.clientId, 'unknown'])],
    ['redirect_uri', REDIRECT_URI], ['response_type', 'code'], ['scope', 'portfolio:read portfolio:write'],
    ['code_challenge', CHALLENGE], ['code_challenge_method', 'S256'], ['state', r.text(16)],
  ];
  const extras: Pair[] = [['request_uri', 'urn:ietf:params:oauth:request_uri:x'], ['resource', 'https://api.portfolio-connect.test/v1'],
    ['prompt', 'consent'], ['ui_locales', 'de'], ['claims', '{"id_token":{"sub":null}}'], ['request', 'a.b.c'], ['max_age', '0'], ['nonce', 'n']];
  if (r.chance(0.3)) pairs.push(r.pick(extras));
  return pairs;
}

function tokenParams(r: Random, t: FuzzTargets): Pair[] {
  const grant = r.pick(['authorization_code', 'refresh_token', 'client_credentials', 'password']);
  return [['grant_type', grant], ['client_id', r.pick([t.clientId, t.confidential.clientId])], ['code', r.text(43)],
    ['redirect_uri', REDIRECT_URI], ['code_verifier', r.text(43)], ['refresh_token', r.text(43)], ['scope', 'portfolio:read']];
}

const none = (): Pair[] => [];
const noHeaders = (): Header[] => [];

export const ENDPOINTS: readonly Endpoint[] = [
  { name: 'authorize GET', method: 'GET', carrier: 'query', path: () => '/oauth2/authorize', params: authorizationParams, headers: noHeaders },
  { name: 'authorize POST', method: 'POST', carrier: 'form', path: () => '/oauth2/authorize', params: authorizationParams, headers: noHeaders },
  { name: 'token', method: 'POST', carrier: 'form', path: () => '/oauth2/token', params: tokenParams, headers: (r, t) => [...basic(r, t.confidential), ...(r.chance(0.1) ? [['DPoP', hostileValue(r)] as Header] : [])] },
  { name: 'introspect', method: 'POST', carrier: 'form', path: () => '/oauth2/introspect', params: (r) => [['token', r.text(43)], ['token_type_hint', 'access_token']], headers: (r, t) => basic(r, t.resourceServer) },
  { name: 'revoke', method: 'POST', carrier: 'form', path: () => '/oauth2/revoke', params: (r) => [['token', r.text(43)], ['token_type_hint', 'refresh_token']], headers: (r, t) => basic(r, r.chance(0.5) ? t.resourceServer : t.confidential) },
  { name: 'par', method: 'POST', carrier: 'form', path: () => '/oauth2/par', params: authorizationParams, headers: (r, t) => basic(r, t.confidential) },
  { name: 'jwks', method: 'GET', carrier: 'query', path: () => '/oauth2/jwks', params: none, headers: noHeaders },
  { name: 'openid-configuration', method: 'GET', carrier: 'query', path: () => '/.well-known/openid-configuration', params: none, headers: noHeaders },
  { name: 'oauth-authorization-server', method: 'GET', carrier: 'query', path: () => '/.well-known/oauth-authorization-server', params: none, headers: noHeaders },
  { name: 'interaction GET', method: 'GET', carrier: 'query', path: (r, t) => `/interaction/${id(r, r.pick([t.login.uid, t.consent.uid]))}`, params: none, headers: (r, t) => cookie(r, r.pick([t.login.cookie, t.consent.cookie])) },
  { name: 'interaction login', method: 'POST', carrier: 'form', path: (r, t) => `/interaction/${id(r, t.login.uid)}/login`, params: (r, t) => [...csrf(r, t.login.csrf), ['email', r.text(12)], ['password', r.chance(0.2) ? r.text(12) : '']], headers: (r, t) => cookie(r, t.login.cookie) },
  { name: 'interaction consent', method: 'POST', carrier: 'form', path: (r, t) => `/interaction/${id(r, t.consent.uid)}/consent`, params: (r, t) => [...csrf(r, t.consent.csrf), ['decision', r.pick(['approve', 'maybe', ''])], ['share', t.portfolioId], [`level:${t.portfolioId}`, 'write'], ['create', 'yes']], headers: (r, t) => cookie(r, t.consent.cookie) },
  { name: 'account', method: 'GET', carrier: 'query', path: () => '/account', params: none, headers: (r, t) => cookie(r, t.account.cookie) },
  { name: 'account login GET', method: 'GET', carrier: 'query', path: () => '/account/login', params: none, headers: (r, t) => cookie(r, t.accountLogin.cookie) },
  { name: 'account login POST', method: 'POST', carrier: 'form', path: () => '/account/login', params: (r, t) => [...csrf(r, t.accountLogin.csrf), ['email', r.text(12)], ['password', '']], headers: (r, t) => cookie(r, t.accountLogin.cookie) },
  // Never the real token here: a valid sign-out would end the session the other requests use.
  { name: 'account logout', method: 'POST', carrier: 'form', path: () => '/account/logout', params: (r) => [['csrf', r.text(43)]], headers: (r, t) => cookie(r, t.account.cookie) },
  { name: 'account connection', method: 'POST', carrier: 'form', path: (r, t) => `/account/connections/${id(r, t.installationId)}`, params: (r, t) => [...csrf(r, t.account.csrf), ['share', t.portfolioId], [`level:${t.portfolioId}`, r.pick(['read', 'write', 'admin'])]], headers: (r, t) => cookie(r, t.account.cookie) },
  { name: 'account disconnect', method: 'POST', carrier: 'form', path: (r, t) => `/account/connections/${id(r, t.installationId)}/disconnect`, params: (r) => [['csrf', r.text(43)]], headers: (r, t) => cookie(r, t.account.cookie) },
  { name: 'internal connection', method: 'GET', carrier: 'query', path: (r, t) => `/internal/connections/${id(r, t.installationId)}`, params: none, headers: (r, t) => basic(r, t.resourceServer) },
  { name: 'internal portfolios', method: 'POST', carrier: 'json', path: (r, t) => `/internal/connections/${id(r, t.installationId)}/portfolios`, params: (r, t) => [['portfolioId', r.chance(0.5) ? t.portfolioId : r.text(10)]], headers: (r, t) => basic(r, t.resourceServer) },
  { name: 'client logo', method: 'GET', carrier: 'query', path: (r, t) => `/client-logos/${id(r, t.clientId)}`, params: none, headers: noHeaders },
  { name: 'stylesheet', method: 'GET', carrier: 'query', path: (r) => r.pick(['/public/style.css', '/public/../package.json', '/public/%2e%2e/package.json', '/public/..%2fpackage.json', '/public/%2e%2e%2fsrc%2fconfig.ts', '/public//etc/passwd', '/public/..\\package.json', '/public/style.css%00.png', '/public/%252e%252e/package.json', '/public/']), params: none, headers: noHeaders },
  { name: 'health', method: 'GET', carrier: 'query', path: () => '/healthz', params: none, headers: noHeaders },
  { name: 'unknown', method: 'GET', carrier: 'query', path: (r) => r.pick(['/', '/nope', '/oauth2', '/oauth2/', '/OAUTH2/TOKEN', '/oauth2/token/', '//oauth2/token', '/.well-known/', '/interaction', '/internal', '/account/', '/%', '/%00', '/..', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', `/${r.text(40)}`]), params: none, headers: noHeaders },
];
