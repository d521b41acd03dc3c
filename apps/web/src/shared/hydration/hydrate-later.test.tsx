import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrateLater } from './hydrate-later';
import { hydrateAllNow, hydrateInSlices } from './slices';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <section>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        {name} {count}
      </button>
    </section>
  );
}

function Page() {
  return (
    <div>
      <h1>Frame</h1>
      <HydrateLater>
        <Counter name="first" />
      </HydrateLater>
      <HydrateLater>
        <Counter name="second" />
      </HydrateLater>
    </div>
  );
}

// What the prerender writes for <Page />.
const PRERENDERED =
  '<div><h1>Frame</h1><section><button type="button">first 0</button></section><section><button type="button">second 0</button></section></div>';

function prerendered() {
  const container = document.createElement('div');
  container.innerHTML = PRERENDERED;
  document.body.append(container);
  const [first, second] = container.querySelectorAll('button');
  return { container, first: first!, second: second! };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('hydration in slices', () => {
  it('hydrates the frame at once and each part later, keeping the prerendered elements', async () => {
    const { container, first, second } = prerendered();
    const done = hydrateInSlices(() => hydrateRoot(container, <Page />));

    // Not hydrated yet: the markup is there, the handlers are not (a live button would have
    // re-rendered within these microtasks).
    first.click();
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(first.textContent).toBe('first 0');
    expect(container.innerHTML).toBe(PRERENDERED);

    await done;
    first.click();
    first.click();
    second.click();
    second.click();
    await new Promise((resolve) => setTimeout(resolve));
    // The same elements, now live.
    expect(container.querySelectorAll('button')[0]).toBe(first);
    expect(first.textContent).toBe('first 2');
    expect(second.textContent).toBe('second 2');
  });

  it('hydrates every waiting part at once when something is about to change the page', async () => {
    const { container, first, second } = prerendered();
    void hydrateInSlices(() => hydrateRoot(container, <Page />));

    await hydrateAllNow();
    second.click();
    await new Promise((resolve) => setTimeout(resolve));
    expect(second.textContent).toBe('second 1');
    expect(container.querySelectorAll('button')[0]).toBe(first);
  });

  it('renders at once outside the first hydration', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    const { flushSync } = await import('react-dom');
    flushSync(() => createRoot(container).render(<Page />));
    expect(container.innerHTML).toBe(PRERENDERED);
  });
});
