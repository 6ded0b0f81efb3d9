import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseConsentForm } from './consent-form.ts';

const portfolioIds = new Set(['pf_a', 'pf_b']);
const form = (query: string) => new URLSearchParams(query);

test('deny wins whatever else is posted', () => {
  assert.deepEqual(parseConsentForm(form('decision=deny&share=pf_a'), { writeAsked: true, portfolioIds }), { kind: 'deny' });
});

test('nothing selected is a problem, not an approval', () => {
  assert.equal(parseConsentForm(form('decision=approve'), { writeAsked: true, portfolioIds }).kind, 'problem');
});

test('unknown portfolio ids are ignored', () => {
  assert.equal(parseConsentForm(form('decision=approve&share=pf_x'), { writeAsked: false, portfolioIds }).kind, 'problem');
});

test('levels apply per portfolio; duplicates collapse', () => {
  const decision = parseConsentForm(form('decision=approve&share=pf_a&share=pf_a&share=pf_b&level:pf_a=write&level:pf_b=read'), { writeAsked: true, portfolioIds });
  assert.deepEqual(decision, { kind: 'approve', choices: [{ portfolioId: 'pf_a', action: 'write' }, { portfolioId: 'pf_b', action: 'read' }], allowCreate: false });
});

test('write is never granted when write was not asked', () => {
  const decision = parseConsentForm(form('decision=approve&share=pf_a&level:pf_a=write'), { writeAsked: false, portfolioIds });
  assert.deepEqual(decision, { kind: 'approve', choices: [{ portfolioId: 'pf_a', action: 'read' }], allowCreate: false });
});

test('allowing new portfolios alone is an approval, only when write was asked', () => {
  assert.deepEqual(parseConsentForm(form('decision=approve&create=yes'), { writeAsked: true, portfolioIds }), { kind: 'approve', choices: [], allowCreate: true });
  assert.equal(parseConsentForm(form('decision=approve&create=yes'), { writeAsked: false, portfolioIds }).kind, 'problem');
});
