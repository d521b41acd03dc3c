import { readFileSync } from 'node:fs';
import path from 'node:path';
import { config } from 'zod/v4/core';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { replayEarlyTaps } from '../shared/hydration/early-taps';

describe('public/boot.js', () => {
  it('tells zod not to compile parsers, so the content security policy has nothing to block', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../public/boot.js'), 'utf8');
    new Function(source)();
    expect(config().jitless).toBe(true);

    // A schema made afterwards parses without ever reaching for the Function constructor.
    const compile = vi.spyOn(globalThis, 'Function');
    expect(z.object({ name: z.string(), nights: z.number() }).parse({ name: 'Анна', nights: 2 })).toEqual({ name: 'Анна', nights: 2 });
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });

  it('keeps a tap on a data-early control made before the app is live, and the app carries it out once it is (issue 26)', () => {
    delete document.documentElement.dataset.hydrated;
    const source = readFileSync(path.resolve(import.meta.dirname, '../../public/boot.js'), 'utf8');
    new Function(source)();
    let added = 0;
    const plus = document.createElement('button');
    plus.dataset.early = 'dish-5';
    plus.addEventListener('click', () => (added += 1));
    document.body.append(plus);

    // Before the app: the tap is kept, not lost and not half-done, and the button says it is busy.
    plus.click();
    plus.click();
    expect(added).toBe(0);
    expect(window.__earlyTaps).toEqual(['dish-5', 'dish-5']);
    expect(plus.getAttribute('aria-busy')).toBe('true');

    // Live: both taps are carried out, and taps from now on go straight through.
    document.documentElement.dataset.hydrated = 'true';
    expect(replayEarlyTaps()).toBe(2);
    expect(added).toBe(2);
    expect(plus.hasAttribute('aria-busy')).toBe(false);
    plus.click();
    expect(added).toBe(3);
    plus.remove();
  });

  it('takes the language the switch asked for without scripts (?lang=en) as the choice, and out of the address (issue 26)', () => {
    localStorage.setItem('language', 'ru');
    history.replaceState(null, '', '/delivery?category=3&lang=en#menu');
    const source = readFileSync(path.resolve(import.meta.dirname, '../../public/boot.js'), 'utf8');
    new Function(source)();
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/delivery?category=3#menu');
    localStorage.clear();
    document.documentElement.lang = 'ru';
    document.documentElement.classList.remove('lang-pending');
    history.replaceState(null, '', '/');
  });
  /** boot.js on a prerendered page that names its code, with paints and frames the test reports itself. */
  function bootOnPrerenderedPage(line?: { rtt: number }) {
    // Named before boot.js, as scripts/prerender.mjs writes them.
    const named = [
      Object.assign(document.createElement('meta'), { name: 'app-entry', content: '/assets/index-test.js' }),
      Object.assign(document.createElement('meta'), { name: 'app-modules', content: '/assets/route-test.js /assets/query-test.js' }),
      Object.assign(document.createElement('meta'), { name: 'app-fonts', content: '/assets/text-test.woff2 /assets/headings-test.woff2' }),
    ];
    document.head.append(...named);
    let reportPaint: (names: string[]) => void = () => {};
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
        reportPaint = (names) => callback({ getEntriesByName: (name) => (names.includes(name) ? [{ name }] : []) });
      }
      observe() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    // The browser's estimate of the connection (the Network Information API; Chromium's alone).
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection: line }));
    const source = readFileSync(path.resolve(import.meta.dirname, '../../public/boot.js'), 'utf8');
    new Function(source)();
    return {
      asked: () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
      fontsAsked: () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map((link) => link.getAttribute('href')),
      entryScript: () => document.head.querySelector('script[type="module"][src="/assets/index-test.js"]'),
      reportPaint: (names: string[]) => reportPaint(names),
      runFrames: () => {
        while (frames.length > 0) frames.shift()!(0);
      },
      cleanUp() {
        vi.unstubAllGlobals();
        delete document.documentElement.dataset.fonts;
        delete window.__fontsNow;
        for (const element of [...named, ...document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"], script[type="module"]')]) element.remove();
      },
    };
  }

  it('asks for the page\'s code once the page has painted its first content, the entry first, and runs the entry in the frame after (decision 073)', () => {
    const page = bootOnPrerenderedPage({ rtt: 50 });
    // The two main fonts at once, to be in before the first layout; nothing to show later.
    expect(window.__fontsNow).toBeUndefined();
    expect(page.fontsAsked()).toEqual(['/assets/text-test.woff2', '/assets/headings-test.woff2']);
    expect(document.documentElement.dataset.fonts).toBeUndefined();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    page.runFrames();
    // A paint without content (the background) is not the moment yet.
    page.reportPaint(['first-paint']);
    expect(page.asked()).toEqual([]);
    expect(page.entryScript()).toBeNull();

    page.reportPaint(['first-contentful-paint']);
    expect(page.asked()).toEqual(['/assets/index-test.js', '/assets/route-test.js', '/assets/query-test.js']);
    expect(page.entryScript()).toBeNull();
    page.runFrames();
    expect(page.entryScript()).not.toBeNull();
    page.cleanUp();
  });

  it('on a slow connection asks for the code at once, before the first paint, and for the fonts only once the app is live; still runs the entry after the paint (decision 075)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const page = bootOnPrerenderedPage({ rtt: 550 });
    expect(page.asked()).toEqual(['/assets/index-test.js', '/assets/route-test.js', '/assets/query-test.js']);
    // The text shows in the fonts' fallbacks (tokens.css) until main.tsx lifts this.
    expect(page.fontsAsked()).toEqual([]);
    expect(document.documentElement.dataset.fonts).toBe('later');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    page.runFrames();
    expect(page.entryScript()).toBeNull();

    page.reportPaint(['first-contentful-paint']);
    page.runFrames();
    expect(page.entryScript()).not.toBeNull();
    // Asked for once: the paint adds no second request for any file.
    expect(page.asked()).toHaveLength(3);
    // Once live, the faces load first and the text changes to them after: a face the text asked for
    // itself would hide that text while it loads.
    let loaded!: () => void;
    const face = { status: 'unloaded', style: 'normal', load: vi.fn(() => new Promise<void>((resolve) => (loaded = resolve))) };
    const italic = { status: 'unloaded', style: 'italic', load: vi.fn() };
    Object.defineProperty(document, 'fonts', { configurable: true, value: { forEach: (each: (face: unknown) => void) => [face, italic].forEach(each) } });
    window.__fontsNow!();
    expect(face.load).toHaveBeenCalledTimes(1);
    expect(italic.load).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.fonts).toBe('later');
    loaded();
    await vi.waitFor(() => expect(document.documentElement.dataset.fonts).toBeUndefined());
    // Asked once: the six seconds' timer, meant for an app that never goes live, asks no more.
    vi.advanceTimersByTime(6000);
    expect(face.load).toHaveBeenCalledTimes(1);
    delete (document as { fonts?: unknown }).fonts;
    vi.useRealTimers();
    page.cleanUp();
  });
});
