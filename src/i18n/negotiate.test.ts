import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseLocale } from './negotiate.ts';

test('ui_locales wins, first supported tag', () => {
  assert.equal(chooseLocale({ uiLocales: 'fr-CA de-AT en', acceptLanguage: 'en', stored: 'en' }), 'de');
});

test('Accept-Language by q value when ui_locales names nothing supported', () => {
  assert.equal(chooseLocale({ uiLocales: 'fr', acceptLanguage: 'fr;q=1, en;q=0.5, de;q=0.8' }), 'de');
  assert.equal(chooseLocale({ acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8' }), 'de');
});

test('q=0 and wildcards are not preferences', () => {
  assert.equal(chooseLocale({ acceptLanguage: 'de;q=0, *', stored: 'en' }), 'en');
});

test('the stored locale when nothing else matches, English last', () => {
  assert.equal(chooseLocale({ acceptLanguage: 'fr-FR', stored: 'de' }), 'de');
  assert.equal(chooseLocale({}), 'en');
  assert.equal(chooseLocale({ acceptLanguage: 'garbage;;;q=x,,' }), 'en');
});
