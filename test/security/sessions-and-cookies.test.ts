// Sessions and cookies (issue #4, item 4): attributes and prefixes of every cookie, signing
// with rotatable keys, a new session id at every sign-in, idle and absolute timeouts, and a
// sign-out that ends the server sessions. The https server listens on plain http like one
// behind a TLS proxy; the CookieTrail sends its issuer's URLs to the local address.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, PASSWORD } from '../helpers/flow.ts';
import { addUser } from '../../src/accounts/user-service.ts';
import { addPortfolio } from '../../src/portfolios/portfolio-service.ts';
import { registerIntegration } from '../../src/clients/client-registry.ts';
import { REDIRECT_URI } from '../helpers/flow.ts';
import { CookieTrail, type Hop } from './cookie-trail.ts';

const NEW_KEY = 'the-new-cookie-key-signing-since-the-rotation';
const OLD_KEY = 'the-old-cookie-key-still-verifying-for-a-while';
const UNKNOWN_KEY = 'a-key-this-server-has-never-been-configured-with';
const HTTPS_ISSUER = 'https://auth.example.test';

let t: TestServer;
let secure: TestServer;

before(async () => {
  [t, secure] = await Promise.all([
    startTestServer({ COOKIE_KEYS: `${NEW_KEY},${OLD_KEY}` }),
    startTestServer({ ISSUER: HTTPS_ISSUER }),
  ]);
});
after(() => Promise.all([t?.close(), secure?.close()]));

interface Person { email: string; userId: string; clientId: string; portfolioId: string }
let counter = 0;

async function newPerson(server: TestServer): Promise<Person> {
  counter += 1;
  const email = `cookie-${counter}-${Date.now()}@example.com`;
  const { id: userId } = await addUser(server.db.pool, { email, password: PASSWORD });
  const { id: portfolioId } = await addPortfolio(server.db.pool, { userEmail: email, name: 'Main' });
  const { client_id: clientId } = await registerIntegration(server.db.pool, server.feed, { name: 'App', redirectUris: [REDIRECT_URI], confidential: false });
  return { email, userId, clientId, portfolioId };
}

const trailFor = (server: TestServer) => new CookieTrail(server.server.url, server.url);

/** Authorizes in the trail's browser (signing in when asked); the last hop: the callback, status 0. */
async function authorize(trail: CookieTrail, server: TestServer, person: Person, extra: Record<string, string> = {}): Promise<Hop> {
  let page = await trail.open((await authorizationRequest(server, person.clientId, { scope: 'portfolio:read', ...extra })).url);
  if (page.html.includes('name="password"')) page = await trail.submit(page, { email: person.email, password: PASSWORD });
  if (page.html.includes('name="decision"')) page = await trail.submit(page, { decision: 'approve', share: person.portfolioId });
  return page;
}

async function signInToAccount(trail: CookieTrail, server: TestServer, person: Person): Promise<Hop> {
  const page = await trail.submit(await trail.open(`${server.url}/account/login`), { email: person.email, password: PASSWORD });
  assert.match(page.url, /\/account$/);
  return page;
}

const asksForPassword = (page: Hop) => page.html.includes('name="password"');

test('every cookie is HttpOnly, SameSite=Lax and signed, and not Secure over plain http', async () => {
  const trail = trailFor(t);
  const person = await newPerson(t);
  assert.match((await authorize(trail, t, person)).url, /code=/);
  await signInToAccount(trail, t, person);
  const names = new Set(trail.received.map((cookie) => cookie.name));
  for (const name of ['session', 'interaction', 'interaction_resume', 'account_login', 'account_session']) {
    assert.ok(names.has(name) && names.has(`${name}.sig`), `${name} and its signature were set: ${[...names]}`);
  }
  for (const cookie of trail.received) {
    assert.equal(cookie.attributes.get('httponly'), true, cookie.name);
    assert.equal(cookie.attributes.get('samesite'), 'lax', cookie.name);
    assert.equal(cookie.attributes.has('secure'), false, cookie.name);
  }
});

test('attack: cookies planted from a sibling subdomain or plain http: with an https issuer every cookie is Secure and __Host-/__Secure- prefixed', async () => {
  const trail = trailFor(secure);
  const person = await newPerson(secure);
  assert.match((await authorize(trail, secure, person)).url, /code=/, 'the flow works behind a TLS proxy that is not trusted');
  await signInToAccount(trail, secure, person);
  const names = new Set(trail.received.map((cookie) => cookie.name.replace(/\.sig$/, '')));
  assert.deepEqual([...names].sort(), [
    '__Host-account_login', '__Host-account_session', '__Host-session', '__Secure-interaction', '__Secure-interaction_resume',
  ]);
  for (const cookie of trail.received) {
    assert.equal(cookie.attributes.get('secure'), true, cookie.name);
    assert.equal(cookie.attributes.get('httponly'), true, cookie.name);
    assert.equal(cookie.attributes.get('samesite'), 'lax', cookie.name);
    assert.equal(cookie.attributes.has('domain'), false, cookie.name);
    if (cookie.name.startsWith('__Host-')) assert.equal(cookie.attributes.get('path'), '/', cookie.name);
  }
});

test('attack: a cookie signed with an unknown key is refused; one signed with the second COOKIE_KEYS key still works after rotation', async () => {
  const person = await newPerson(t);
  const trail = trailFor(t);
  await authorize(trail, t, person);
  await signInToAccount(trail, t, person);
  const account = trail.jar.get('account_session')!.value;
  const session = trail.jar.get('session')!.value;

  trail.forge('account_session', account, OLD_KEY);
  assert.match((await trail.open(`${t.url}/account`)).url, /\/account$/, 'signed with the old key: accepted');
  trail.forge('account_session', account, UNKNOWN_KEY);
  assert.match((await trail.open(`${t.url}/account`)).url, /\/account\/login$/, 'signed with an unknown key: refused');

  trail.forge('session', session, OLD_KEY);
  assert.match((await authorize(trail, t, person)).url, /code=/, 'the authorization session signed with the old key is still recognised');
  trail.forge('session', trail.jar.get('session')!.value, UNKNOWN_KEY);
  assert.ok(asksForPassword(await trail.open((await authorizationRequest(t, person.clientId, { scope: 'portfolio:read' })).url)));
});

test('attack: session fixation: the authorization session id changes at sign-in and the old id is dead', async () => {
  const person = await newPerson(t);
  const trail = trailFor(t);
  await authorize(trail, t, person);
  const before = trail.jar.get('session')!.value;
  assert.match((await authorize(trail, t, person, { prompt: 'login' })).url, /code=/);
  const afterLogin = trail.jar.get('session')!.value;
  assert.notEqual(afterLogin, before);
  trail.forge('session', before, NEW_KEY);
  assert.ok(asksForPassword(await trail.open((await authorizationRequest(t, person.clientId, { scope: 'portfolio:read' })).url)));
});

test('attack: session fixation on /account: a sign-in replaces the session id, the old one is worthless', async () => {
  const person = await newPerson(t);
  const trail = trailFor(t);
  await signInToAccount(trail, t, person);
  const first = trail.jar.get('account_session')!.value;
  await signInToAccount(trail, t, person);
  assert.notEqual(trail.jar.get('account_session')!.value, first);
  const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM account_sessions WHERE user_id = $1', [person.userId]);
  assert.equal(rows[0].n, 1, 'the previous session row is gone');
  trail.forge('account_session', first, NEW_KEY);
  assert.match((await trail.open(`${t.url}/account`)).url, /\/account\/login$/);
});

test('the /account session ends after 30 idle minutes or 8 hours, whichever comes first', async () => {
  const person = await newPerson(t);
  const trail = trailFor(t);
  await signInToAccount(trail, t, person);
  const move = (set: string) => t.db.pool.query(`UPDATE account_sessions SET ${set} WHERE user_id = $1`, [person.userId]);
  const { rows } = await t.db.pool.query('SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime FROM account_sessions WHERE user_id = $1', [person.userId]);
  assert.equal(rows[0].lifetime, 8 * 3600);

  await move(`last_seen_at = now() - interval '29 minutes'`);
  assert.match((await trail.open(`${t.url}/account`)).url, /\/account$/, 'active within the idle timeout');
  await move(`last_seen_at = now() - interval '31 minutes'`);
  assert.match((await trail.open(`${t.url}/account`)).url, /\/account\/login$/, 'idle too long');

  await signInToAccount(trail, t, person);
  await move(`created_at = now() - interval '8 hours', expires_at = now() - interval '1 second', last_seen_at = now()`);
  assert.match((await trail.open(`${t.url}/account`)).url, /\/account\/login$/, 'past the absolute lifetime, however active');
});

test('the authorization session expires 30 minutes after its last use', async () => {
  const person = await newPerson(t);
  const trail = trailFor(t);
  const started = Date.now();
  await authorize(trail, t, person);
  const expires = Date.parse(String(trail.lastReceived('session')?.attributes.get('expires')));
  const minutes = (expires - started) / 60_000;
  assert.ok(minutes > 29 && minutes <= 31, `the session cookie expires in ${minutes} minutes`);
});

test('signing out at /account ends the account session and the authorization session of that browser', async () => {
  const person = await newPerson(t);
  const trail = trailFor(t);
  await authorize(trail, t, person);
  assert.match((await authorize(trail, t, person)).url, /code=/, 'signed in: no password asked');
  const account = await signInToAccount(trail, t, person);
  const out = await trail.submit(account, {});
  assert.match(out.url, /\/account\/login$/);
  const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM account_sessions WHERE user_id = $1', [person.userId]);
  assert.equal(rows[0].n, 0);
  assert.match((await trail.open(`${t.url}/account`)).url, /\/account\/login$/);
  assert.ok(asksForPassword(await trail.open((await authorizationRequest(t, person.clientId, { scope: 'portfolio:read' })).url)),
    'the next authorization asks for the password again');
});

test('attack: riding a previous user\'s session: a second person signing in on the same browser ends the first one\'s session', async () => {
  const first = await newPerson(t);
  const second = await newPerson(t);
  const trail = trailFor(t);
  await authorize(trail, t, first);
  const firstSession = trail.jar.get('session')!.value;
  const login = await trail.open((await authorizationRequest(t, first.clientId, { scope: 'portfolio:read', prompt: 'login' })).url);
  // oidc-provider ends the first session through its logout confirmation, an auto-submitting form.
  const confirm = await trail.submit(login, { email: second.email, password: PASSWORD });
  assert.match(confirm.html, /action="[^"]*\/session\/end\/confirm"/);
  const consent = await trail.submit(confirm, {});
  assert.match(consent.html, new RegExp(`Signed in as ${second.email.replace(/[.]/g, '\\.')}`));
  assert.match((await trail.submit(consent, { decision: 'approve', share: second.portfolioId })).url, /code=/);
  trail.forge('session', firstSession, NEW_KEY);
  assert.ok(asksForPassword(await trail.open((await authorizationRequest(t, first.clientId, { scope: 'portfolio:read' })).url)),
    'the first person\'s session is gone');
});
