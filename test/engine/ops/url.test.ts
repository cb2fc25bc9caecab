// The URL rule: absolute http(s) only, refused in every disguise; and the app's image policy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { httpUrl, imagePolicy } from '../../../src/ops/index.ts';

test('absolute http and https URLs pass, as written', () => {
  for (const u of ['https://example.com', 'http://example.com/a/b?c=d#e', 'HTTPS://EXAMPLE.COM/X', 'https://example.com:8443/a', 'https://例え.jp/パス', 'https://[::1]/']) {
    assert.equal(httpUrl(u), u, u);
  }
});

test('script and other schemes are refused', () => {
  for (const u of ['javascript:alert(1)', 'JavaScript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'data:image/png;base64,AAAA', 'vbscript:msgbox', 'file:///etc/passwd', 'ftp://example.com', 'blob:https://example.com/x', 'mailto:a@b.example', 'about:blank']) {
    assert.equal(httpUrl(u), null, u);
  }
});

test('relative and protocol-relative URLs are refused', () => {
  for (const u of ['/a', 'a/b', '../x', '?q', '#x', '//evil.example/x', '\\\\evil.example', 'https:/x', 'https:example.com', 'http//example.com', '']) {
    assert.equal(httpUrl(u), null, u);
  }
});

test('whitespace and control-character tricks are refused', () => {
  for (const u of [' https://example.com', 'https://example.com ', '\thttps://example.com', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\x01javascript:alert(1)', 'https://exa\tmple.com', 'https://example.com/\n', '\u00a0https://example.com', 'https://example.com/a b', 'https:\\\\example.com', 'https://example.com\\@evil.example', 'java&#x73;cript:alert(1)', 'https\u0000://example.com']) {
    assert.equal(httpUrl(u), null, JSON.stringify(u));
  }
});

test('credentials and over-long URLs are refused; only strings are URLs', () => {
  assert.equal(httpUrl('https://bank.example@evil.example/'), null);
  assert.equal(httpUrl('https://user:pass@example.com/'), null);
  assert.equal(httpUrl(`https://example.com/${'a'.repeat(5000)}`), null);
  assert.equal(httpUrl(`https://example.com/${'a'.repeat(100)}`, 50), null);
  for (const u of [null, undefined, 3, {}, ['https://example.com']]) assert.equal(httpUrl(u), null);
});

test('image policy: all loads any http(s) image, none loads none', () => {
  assert.equal(imagePolicy('all')('https://a.example/x.png'), true);
  assert.equal(imagePolicy()('javascript:x'), false);
  assert.equal(imagePolicy('none')('https://a.example/x.png'), false);
});

test('image policy: a list of origins loads only from them', () => {
  const allowed = imagePolicy({ origins: ['https://cdn.example.com', 'http://img.example:8080/'] });
  assert.equal(allowed('https://cdn.example.com/a.png'), true);
  assert.equal(allowed('https://CDN.example.com/a.png'), true);
  assert.equal(allowed('http://img.example:8080/a.png'), true);
  assert.equal(allowed('http://cdn.example.com/a.png'), false, 'another scheme is another origin');
  assert.equal(allowed('https://cdn.example.com.evil.example/a.png'), false);
  assert.equal(allowed('https://evil.example/https://cdn.example.com/a.png'), false);
  assert.equal(allowed('data:image/png;base64,AAAA'), false);
});

test('a malformed image policy is a TypeError when it is set', () => {
  for (const p of ['some', { origins: 'https://a.example' }, { origins: ['javascript:x'] }, { origins: ['https://a.example/path'] }, { origins: [3] }, null]) {
    assert.throws(() => imagePolicy(p as never), TypeError, JSON.stringify(p));
  }
});
