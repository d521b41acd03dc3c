import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { appDataScript, seedFromPage } from './app-data';

afterEach(() => {
  document.body.replaceChildren();
});

describe('data carried by a server-rendered page', () => {
  it('reaches the query client as it was, even text that would close the script element', () => {
    const rooms = [{ id: 1, name: '</script><script>alert(1)</script> & <!--' }];
    const script = appDataScript([[['hotel', 'rooms'], rooms]]);
    expect(script).not.toMatch(/<\/script>.*<\/script>/);
    document.body.innerHTML = `<div id="root"></div>${script}`;
    expect(document.scripts).toHaveLength(1);

    const client = new QueryClient();
    seedFromPage(client);
    expect(client.getQueryData(['hotel', 'rooms'])).toEqual(rooms);
  });

  it('is nothing without data, and a page without it seeds nothing', () => {
    expect(appDataScript([])).toBe('');
    const client = new QueryClient();
    seedFromPage(client);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('a damaged script seeds nothing instead of stopping the app', () => {
    document.body.innerHTML = '<script type="application/json" id="app-data">[[["hotel"</script>';
    const client = new QueryClient();
    expect(() => seedFromPage(client)).not.toThrow();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
