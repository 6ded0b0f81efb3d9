// Renders a view inside the shared layout. Views only display: handlers pass a view model,
// text comes from the translator, every value is escaped by `<%=`. The language is the
// request's `ctx.state.locale` when a handler chose one (ui_locales, the user's language),
// else the browser's Accept-Language.
import { join } from 'node:path';
import ejs from 'ejs';
import type { Context } from 'koa';
import { translator, type Translate } from '../i18n/translator.ts';
import { chooseLocale, type Locale } from '../i18n/negotiate.ts';

const VIEWS_DIR = new URL('../../views/', import.meta.url).pathname;

export interface PageModel {
  readonly title: string;
  readonly [key: string]: unknown;
}

export async function renderPage(ctx: Context, view: string, build: (t: Translate) => PageModel, status = 200): Promise<void> {
  const lang: Locale = ctx.state.locale ?? chooseLocale({ acceptLanguage: ctx.get('accept-language') });
  const t = translator(lang);
  const model = build(t);
  const locals = { ...model, t, lang, nonce: ctx.state.cspNonce as string | undefined };
  const body = await ejs.renderFile(join(VIEWS_DIR, `${view}.ejs`), locals, { cache: true, async: false });
  const html = await ejs.renderFile(join(VIEWS_DIR, 'layout.ejs'), { ...locals, body }, { cache: true });
  ctx.status = status;
  ctx.type = 'html';
  ctx.set({ 'Cache-Control': 'no-store', 'Content-Language': lang, Vary: 'Accept-Language' });
  ctx.body = html;
}
