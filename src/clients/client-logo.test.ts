import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sniffImageType } from './client-logo.ts';

test('recognises raster images by their first bytes', () => {
  assert.equal(sniffImageType(Buffer.from('89504e470d0a1a0a0000', 'hex')), 'image/png');
  assert.equal(sniffImageType(Buffer.from('ffd8ffe000', 'hex')), 'image/jpeg');
  assert.equal(sniffImageType(Buffer.from('GIF89a....', 'latin1')), 'image/gif');
  assert.equal(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1')), 'image/webp');
});

test('refuses SVG, HTML and anything else', () => {
  assert.equal(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')), undefined);
  assert.equal(sniffImageType(Buffer.from('<!DOCTYPE html>')), undefined);
  assert.equal(sniffImageType(Buffer.alloc(0)), undefined);
});
