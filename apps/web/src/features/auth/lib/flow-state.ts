/**
 * The sign-in and reset steps hand the e-mail (and the name) to the next screen through the
 * router's navigation state, never through the URL (spec section 2).
 */
export interface AuthFlowState {
  email: string;
  name?: string;
}

export function readFlowState(state: unknown): AuthFlowState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, name } = state as Record<string, unknown>;
  if (typeof email !== 'string' || email === '') return null;
  return typeof name === 'string' ? { email, name } : { email };
}
