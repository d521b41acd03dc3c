import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { RouteError } from './route-error';

interface Props {
  location: Location;
  children: ReactNode;
}

interface State {
  location: Location;
  error: unknown;
  failed: boolean;
}

/**
 * What the data router's `errorElement` did: a screen that throws while it draws, or whose code
 * failed to load (app/lazy-screen.tsx), shows RouteError in place of the whole page; the next
 * navigation tries again.
 */
class Boundary extends Component<Props, State> {
  override state: State = { location: this.props.location, error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { location: props.location, error: undefined, failed: false };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
