import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { startTransition } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HydrateLater, HydrationBoundary, HydrationRoot } from './hydrate-later';
import { trackHydration, whenHydrated } from './hydration';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {name} {count}
    </button>
  );
}

// Lets a part re-render the page around it, as the session's arrival re-renders the root layout.
const Bump = createContext(() => {});

function BumpsTheFrame() {
  const bump = useContext(Bump);
  useEffect(bump, [bump]);
  return <p>Outer</p>;
}

function Page() {
  const [bumps, setBumps] = useState(0);
  // Stable, so the frame is re-rendered once: a new function each render re-ran the effect that
  // calls it, and the page bumped itself for as long as the machine let it.
  const bump = useCallback(() => setBumps((value) => value + 1), []);
  return (
    <HydrationRoot>
      <h1 data-bumps={bumps}>Frame</h1>
      <HydrateLater>
        <Counter name="first" />
      </HydrateLater>
      <Bump.Provider value={bump}>
        <HydrationBoundary>
          <BumpsTheFrame />
          <HydrateLater>{() => <Counter name="second" />}</HydrateLater>
        </HydrationBoundary>
      </Bump.Provider>
    </HydrationRoot>
  );
}

function prerendered() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  const [first, second] = container.querySelectorAll('button');
  return { container, first: first!, second: second! };
}

// React's real scheduler, as in the browser: inside act() the hydration would wait for act to end.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

let root: Root | undefined;

// React's scheduler must have nothing left to run when the file's window goes away.
afterEach(async () => {
  root?.unmount();
  root = undefined;
  await nextTask();
  document.body.replaceChildren();
});

describe('hydration of a prerendered page', () => {
  it('tells when every boundary, nested ones too, has hydrated, even one rendered again after it committed', async () => {
    const { container, first, second } = prerendered();
    const html = container.innerHTML;
    let settled = false;
    const done = trackHydration(() => startTransition(() => void (root = hydrateRoot(container, <Page />))));
    void done.then(() => (settled = true));
    expect(settled).toBe(false);
    expect(whenHydrated()).toBe(done);

    await done;
    // The frame's re-render that the inner boundary's effect asked for is React's next piece of
    // work, which a loaded machine may run after the boundaries have told they are live.
    await vi.waitFor(() => expect(container.innerHTML).toBe(html.replace('data-bumps="0"', 'data-bumps="1"')));
    first.click();
    second.click();
    second.click();
    await nextTask();
    // The same elements, now live.
    expect(container.querySelectorAll('button')[0]).toBe(first);
    expect(first.textContent).toBe('first 1');
    expect(second.textContent).toBe('second 2');
    await expect(whenHydrated()).resolves.toBeUndefined();
  });

  it('answers at once when nothing is hydrating', async () => {
    await expect(whenHydrated()).resolves.toBeUndefined();
  });
});
