// Brute force against the sign-in forms (issue #4, item 3): counts per account and per IP
// address taken before the password is checked, growing delays instead of a lockout, the same
// answers for unknown emails, a localized 429 page with Retry-After. Each test poses as its
// own client address (X-Forwarded-For, honoured because TRUST_PROXY is set here), so the
// per-address budget of one test does not leak into the next.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside, type Page } from '../helpers/browser.ts';
import { authorizationRequest, createWorld, PASSWORD, type World } from '../helpers/flow.ts';

const FREE_ATTEMPTS = 3;
const DELAY_SECONDS = 60;
const IP_ATTEMPTS = 30;
const WRONG = 'not the password';

let t: TestServer;
let world: World;
let addressCounter = 0;

before(async () => {
  t = await startTestServer({
    TRUST_PROXY: 'true',
    LOGIN_ACCOUNT_FREE_ATTEMPTS: String(FREE_ATTEMPTS),
    LOGIN_ACCOUNT_DELAY_SECONDS: String(DELAY_SECONDS),
    LOGIN_IP_ATTEMPTS: String(IP_ATTEMPTS),
  });
  world = await createWorld(t);
});
after(() => t?.close());

function newAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

type Form = 'authorization' | 'account';

/** A browser at one address, on the sign-in page of the given form. */
async function signInPage(form: Form, address: string, language = 'en'): Promise<{ browser: Browser; page: Page }> {
  const browser = new Browser({ 'x-forwarded-for': address, 'accept-language': language });
  const url = form === 'account' ? `${t.url}/account/login` : (await authorizationRequest(t, world.clientId)).url;
  const page = await browser.open(url, { stopAt: outside(t.url) });
  assert.match(page.html, /name="password"/);
  return { browser, page };
}

/** Tries the passwords one after another on the same form; the statuses. */
async function tryInTurn(form: Form, address: string, email: string, passwords: string[]): Promise<Page[]> {
  const { browser, page } = await signInPage(form, address);
  const pages: Page[] = [];
  for (const password of passwords) pages.push(await browser.submit(page, { email, password }, { stopAt: outside(t.url) }));
  return pages;
}

const statuses = (pages: Page[]) => pages.map((page) => page.status);
const wrong = (count: number) => Array.from({ length: count }, () => WRONG);

test('attack: guessing one password: after the free failures even the right password is refused with 429 and Retry-After', async () => {
  const pages = await tryInTurn('authorization', newAddress(), world.email, [...wrong(FREE_ATTEMPTS), PASSWORD]);
  assert.deepEqual(statuses(pages), [401, 401, 401, 429]);
  const refused = pages.at(-1)!;
  const retryAfter = Number(refused.headers.get('retry-after'));
  assert.ok(retryAfter > 0 && retryAfter <= DELAY_SECONDS, `Retry-After ${retryAfter}`);
  assert.match(refused.html, /role="alert">Too many sign-in attempts\. Please wait 1 minute/);
  assert.match(refused.html, /name="password"/, 'the form stays, for after the wait');
});

test('attack: probing for accounts: an unknown email gets the same statuses and texts as a known one, on both forms', async () => {
  for (const form of ['authorization', 'account'] as const) {
    const user = await createWorld(t);
    const known = await tryInTurn(form, newAddress(), user.email, wrong(FREE_ATTEMPTS + 2));
    const unknown = await tryInTurn(form, newAddress(), `nobody-${form}@example.com`, wrong(FREE_ATTEMPTS + 2));
    assert.deepEqual(statuses(known), [401, 401, 401, 429, 429], form);
    assert.deepEqual(statuses(unknown), statuses(known), form);
    const alert = (page: Page) => /role="alert">([^<]+)</.exec(page.html)?.[1];
    assert.deepEqual(unknown.map(alert), known.map(alert), form);
    // The same account is throttled whatever the case of its email.
    const shouting = await tryInTurn(form, newAddress(), `NOBODY-${form}@EXAMPLE.COM`, [WRONG]);
    assert.deepEqual(statuses(shouting), [429], form);
  }
  // Both forms count the same attempts: the account is throttled on the other form too.
  const other = await tryInTurn('authorization', newAddress(), 'nobody-account@example.com', [WRONG]);
  assert.deepEqual(statuses(other), [429]);
});

test('attack: password spraying from one address: other accounts sign in until the address has spent its budget', async () => {
  const address = newAddress();
  const sprayed = Array.from({ length: IP_ATTEMPTS - 1 }, (_, i) => `sprayed-${i}@example.com`);
  const { browser, page } = await signInPage('account', address);
  for (const email of sprayed) assert.equal((await browser.submit(page, { email, password: WRONG })).status, 401);
  const owner = await createWorld(t);
  const signedIn = await tryInTurn('account', address, owner.email, [PASSWORD]);
  assert.equal(signedIn[0]!.status, 200, 'a success does not spend the budget');
  assert.match(signedIn[0]!.url, /\/account$/);
  assert.equal((await browser.submit(page, { email: 'last-guess@example.com', password: WRONG })).status, 401);
  const spent = await tryInTurn('account', address, owner.email, [PASSWORD]);
  assert.equal(spent[0]!.status, 429);
  assert.ok(Number(spent[0]!.headers.get('retry-after')) > 0);
  const elsewhere = await tryInTurn('account', newAddress(), owner.email, [PASSWORD]);
  assert.equal(elsewhere[0]!.status, 200, 'the account itself was not throttled by the address');
});

test('a successful sign-in clears the account count', async () => {
  const user = await createWorld(t);
  const round = () => tryInTurn('account', newAddress(), user.email, [...wrong(FREE_ATTEMPTS - 1), PASSWORD]);
  assert.deepEqual(statuses(await round()), [401, 401, 200]);
  assert.deepEqual(statuses(await round()), [401, 401, 200], 'without the reset the first failure here would be refused');
});

test('attack: parallel guesses beyond the budget are all refused without a password check', async () => {
  const user = await createWorld(t);
  const { browser, page } = await signInPage('authorization', newAddress());
  const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) =>
    browser.submit(page, { email: user.email, password: `guess ${i}` }, { stopAt: outside(t.url) })));
  assert.equal(statuses(guesses).filter((status) => status === 401).length, FREE_ATTEMPTS, String(statuses(guesses)));
  assert.equal(statuses(guesses).filter((status) => status === 429).length, 20 - FREE_ATTEMPTS);
  const { rows } = await t.db.pool.query(
    `SELECT count(*)::int AS checked FROM audit_events WHERE type = 'login.failed' AND details->>'email' = $1`, [user.email]);
  assert.equal(rows[0].checked, FREE_ATTEMPTS, 'only the admitted guesses reached the password check');
  const right = await browser.submit(page, { email: user.email, password: PASSWORD }, { stopAt: outside(t.url) });
  assert.equal(right.status, 429);
});

test('the 429 page is in the reader\'s language, in our layout', async () => {
  const address = newAddress();
  const { browser, page } = await signInPage('account', address, 'de');
  let last = page;
  for (let i = 0; i <= FREE_ATTEMPTS; i += 1) last = await browser.submit(page, { email: 'de-guess@example.com', password: WRONG });
  assert.equal(last.status, 429);
  assert.match(last.html, /<html lang="de">/);
  assert.match(last.html, /Zu viele Anmeldeversuche\. Bitte warten Sie 1 Minute, bevor Sie es erneut versuchen\./);
  assert.match(last.html, /<header class="brand">/);
  assert.equal(last.headers.get('content-language'), 'de');
  assert.equal(last.headers.get('cache-control'), 'no-store');
});

test('the wait grows after each failure past the free ones, one attempt per wait, and the right password works after it', async (s) => {
  const fast = await startTestServer({ LOGIN_ACCOUNT_FREE_ATTEMPTS: '2', LOGIN_ACCOUNT_DELAY_SECONDS: '1', LOGIN_ACCOUNT_MAX_DELAY_SECONDS: '2' });
  s.after(() => fast.close());
  const user = await createWorld(fast);
  const browser = new Browser();
  const page = await browser.open(`${fast.url}/account/login`);
  const attempt = (password = WRONG) => browser.submit(page, { email: user.email, password });
  assert.deepEqual([(await attempt()).status, (await attempt()).status], [401, 401]);
  const first = await attempt();
  assert.equal(first.status, 429);
  assert.equal(first.headers.get('retry-after'), '1');
  await sleep(1100);
  const afterWait = await Promise.all(Array.from({ length: 5 }, () => attempt()));
  assert.deepEqual(statuses(afterWait).sort(), [401, 429, 429, 429, 429], 'one attempt per wait, however many are sent');
  const second = await attempt();
  assert.equal(second.status, 429);
  assert.equal(second.headers.get('retry-after'), '2', 'the wait doubled');
  await sleep(2100);
  assert.equal((await attempt()).status, 401);
  assert.equal((await attempt()).headers.get('retry-after'), '2', 'capped at the maximum');
  await sleep(2100);
  const signedIn = await attempt(PASSWORD);
  assert.equal(signedIn.status, 200, 'a delay, never a lockout');
  assert.match(signedIn.url, /\/account$/);
});
