import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser, fakeApi } from '../../test/render';
import { loadSession } from './load-session';
import { endServerSession, isLogoutPending, LOGOUT_RETRY_MS } from './server-logout';
import { useSession } from './session-store';

const markerSet = () => document.cookie.split('; ').includes('signed_in=1');

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'signed_in=1; path=/';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('logout when the server cannot be reached (AUTH-35)', () => {
  it('clears the marker at once, keeps a note, and sends the logout again until the server hears it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let reachable = false;
    const api = fakeApi({
      'POST auth/logout/': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return { status: 200, body: { ok: true } };
      },
    });
    await expect(endServerSession()).rejects.toThrow();
    expect(markerSet()).toBe(false);
    expect(isLogoutPending()).toBe(true);

    await vi.advanceTimersByTimeAsync(LOGOUT_RETRY_MS[0]);
    expect(api.calls).toHaveLength(2);
    expect(isLogoutPending()).toBe(true);
    reachable = true;
    await vi.advanceTimersByTimeAsync(LOGOUT_RETRY_MS[1]);
    expect(api.calls).toHaveLength(3);
    expect(isLogoutPending()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(3);
  });

  it('after a reload, a pending logout is sent first and the visitor stays signed out', async () => {
    localStorage.setItem('logoutPending', '1');
    const api = fakeApi({ 'POST auth/logout/': () => ({ status: 200, body: { ok: true } }) });
    expect(await loadSession()).toBeNull();
    expect(useSession.getState().status).toBe('anonymous');
    await vi.waitFor(() => expect(isLogoutPending()).toBe(false));
    expect(api.calls.map((call) => call.path)).toEqual(['auth/logout/']);
  });

  it('signing in again cancels an old logout still on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const api = fakeApi({
      'POST auth/logout/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(endServerSession()).rejects.toThrow();
    useSession.getState().signedIn(testUser);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(1);
    expect(isLogoutPending()).toBe(false);
  });
});
