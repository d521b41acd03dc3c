import { beforeEach, describe, expect, it } from 'vitest';
import { lastAccountPath, rememberAccountPath } from './last-account-path';

describe('last account path (ACC-08)', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to the overview', () => {
    expect(lastAccountPath()).toBe('/account/overview');
  });

  it('remembers every account screen under "lastAccountPath", but not /account itself or other areas', () => {
    rememberAccountPath('/account/addresses');
    expect(localStorage.getItem('lastAccountPath')).toBe('/account/addresses');
    rememberAccountPath('/account');
    rememberAccountPath('/hotel');
    expect(lastAccountPath()).toBe('/account/addresses');
  });

  it('ignores a tampered value', () => {
    localStorage.setItem('lastAccountPath', 'https://evil.example/');
    expect(lastAccountPath()).toBe('/account/overview');
  });
});
