/**
 * The sign-in and reset steps hand the e-mail (and the name) to the next screen through the
 * router's navigation state, never through the URL (spec section 2). The reset also hands on the
 * token its confirmed code answered, and how long the code screen must wait before a resend.
 */
export interface AuthFlowState {
  email: string;
  name?: string;
  /** The single-use token from the confirmed reset code: only it may set the new password. */
  resetToken?: string;
  /** Seconds before a new code may be asked for, when the server said so. */
  resendIn?: number;
}

export function readFlowState(state: unknown): AuthFlowState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, name, resetToken, resendIn } = state as Record<string, unknown>;
  if (typeof email !== 'string' || email === '') return null;
  return {
    email,
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof resetToken === 'string' ? { resetToken } : {}),
    ...(typeof resendIn === 'number' && resendIn > 0 ? { resendIn } : {}),
  };
}
