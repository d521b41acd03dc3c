import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/render';
import { conveniencesQuery } from './conveniences';

afterEach(() => vi.useRealTimers());

describe('the amenity list', () => {
  it('CON-10: is read again only when the kept list is older than 300 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = fakeApi({ 'GET admin/conveniences/': () => ({ status: 200, body: [] }) });
    const queryClient = new QueryClient();
    const reads = () => calls.filter((call) => call.path === 'admin/conveniences/').length;

    await queryClient.fetchQuery(conveniencesQuery);
    vi.advanceTimersByTime(299_000);
    await queryClient.fetchQuery(conveniencesQuery);
    expect(reads()).toBe(1);

    vi.advanceTimersByTime(2_000);
    await queryClient.fetchQuery(conveniencesQuery);
    expect(reads()).toBe(2);
  });
});
