import { describe, expect, it } from 'vitest';
import { redirectFor } from './redirects';
import { themeFor } from './theme';

describe('unknown paths (PUB-15, HOT-03, DEL-02, AUTH-04, ACC-02, ACC-03, ADM-04, ADM-05)', () => {
  it.each([
    ['/no/such/page', '/'],
    ['/hotel/nothing', '/hotel'],
    ['/hotel/a/b/', '/hotel'],
    ['/delivery/x', '/delivery'],
    ['/auth/unknown', '/auth'],
    ['/account', '/account/overview'],
    ['/account/whatever', '/account/overview'],
    ['/admin', '/admin/hotel'],
    ['/admin/zzz', '/admin/hotel'],
  ])('%s goes to %s', (from, to) => {
    expect(redirectFor(from)).toBe(to);
  });

  it('falls back home when the landing itself is unknown, instead of looping', () => {
    expect(redirectFor('/account/overview')).toBe('/');
    expect(redirectFor('/admin/hotel')).toBe('/');
  });
});

describe('theme by path prefix (CHR-15)', () => {
  it.each([
    ['/account/profile', 'account'],
    ['/admin/users', 'account'],
    ['/auth/password', 'auth'],
    ['/restaurant', 'restaurant'],
    ['/delivery/cart', 'restaurant'],
    ['/', 'main'],
    ['/hotel/rooms', 'main'],
    ['/contacts', 'main'],
    ['/terms', 'main'],
    ['/accountant', 'main'],
  ])('%s uses the %s theme', (path, theme) => {
    expect(themeFor(path)).toBe(theme);
  });
});
