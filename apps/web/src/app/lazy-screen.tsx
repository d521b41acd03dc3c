/**
 * Screens whose code loads when they are first shown (decision 078). A route table names a
 * screen's module with `lazy: () => import('…')`; the module exports the screen as `Component`.
 *
 * React Router's own lazy routes come with its data router, the larger half of the library; its
 * plain router (BrowserRouter, useRoutes) renders elements. So a lazy route becomes an element,
 * `<LazyScreen load={…} />`, which draws the screen once its module has loaded and suspends until
 * then: inside a navigation (a transition) the page before stays until the next one is ready.
 * Before the first render, and before the server renders a page, `preloadScreens` loads every
 * screen the address matches, so nothing suspends and the markup matches the prerendered page.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

export interface ScreenModule {
  Component: ComponentType;
}

export type LoadScreen = () => Promise<ScreenModule>;

/** A route as the tables write it: a screen's module, or an element, or only children. */
export interface AppRoute {
  id?: string;
  path?: string;
  index?: boolean;
  element?: ReactNode;
  lazy?: LoadScreen;
  children?: AppRoute[];
}

type Loaded = { status: 'pending'; promise: Promise<void> } | { status: 'done'; module: ScreenModule } | { status: 'failed'; error: unknown };
const loaded = new WeakMap<LoadScreen, Loaded>();

/** Starts (once) loading a screen's module; settles when it has loaded or failed, never rejects. */
function loadScreen(load: LoadScreen): Promise<void> {
  const known = loaded.get(load);
  if (known) return known.status === 'pending' ? known.promise : Promise.resolve();
  const promise = load().then(
    (module) => void loaded.set(load, { status: 'done', module }),
    (error: unknown) => void loaded.set(load, { status: 'failed', error }),
  );
  loaded.set(load, { status: 'pending', promise });
  return promise;
}

/** The error a screen's module failed to load with, once it has failed. */
function screenFailure(load: LoadScreen): unknown {
  const known = loaded.get(load);
  return known?.status === 'failed' ? known.error : undefined;
}

/**
 * Draws the screen of `load`. While its module loads it suspends; a module that failed to load is
 * thrown for the route's error boundary (app/route-error-boundary.tsx), as a screen that failed to draw.
 */
export function LazyScreen({ load }: { load: LoadScreen }) {
  void loadScreen(load);
  const known = loaded.get(load)!;
  if (known.status === 'pending') throw known.promise;
  if (known.status === 'failed') throw known.error;
  return createElement(known.module.Component);
}

/** The tables' routes as React Router's: each `lazy` screen an element. */
export function toRouteObjects(table: AppRoute[]): RouteObject[] {
  return table.map(({ lazy, children, ...route }) => {
    const element = lazy ? createElement(LazyScreen, { load: lazy }) : route.element;
    const converted = { ...route, element, ...(children ? { children: toRouteObjects(children) } : {}) };
    return converted as RouteObject;
  });
}

/**
 * Loads the screens the address matches in `routes`. Answers the error one of them failed with
 * (a chunk gone with a deployment, a lost connection), or undefined when all have loaded.
 */
export async function preloadScreens(routes: RouteObject[], pathname: string): Promise<unknown> {
  const screens = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const element = route.element as { type?: unknown; props?: { load?: LoadScreen } } | undefined;
    return element?.type === LazyScreen && element.props?.load ? [element.props.load] : [];
  });
  await Promise.all(screens.map(loadScreen));
  for (const load of screens) {
    const error = screenFailure(load);
    if (error !== undefined) return error;
  }
  return undefined;
}
