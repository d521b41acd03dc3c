/**
 * What the server answers about e-mailed codes, in one place: the screens tell the cases apart by
 * these details (wrong code, too many tries, expired, wait) and show them in the visitor's language.
 */
import { CODE_FREE_RESENDS, CODE_RESEND_SECONDS } from '../constants';

export const CODE_DETAILS = {
  invalid: 'Invalid code',
  expired: 'Code expired, request a new code',
  /** This code took its CODE_MAX_ATTEMPTS guesses; a new one may be asked for. */
  attempts: 'Too many attempts, request a new code',
  /** CODE_FAILURES_PER_DAY wrong codes in 24 hours: no code of this kind is checked until then. */
  dailyFailures: 'Too many wrong codes today, try again tomorrow',
  /** CODES_PER_DAY codes mailed in 24 hours. */
  dailyCodes: 'Too many codes today, try again tomorrow',
} as const;

export type CodeProblem = keyof typeof CODE_DETAILS | 'wait';

/** The 429 that asks to wait before the next code. */
export function codeWaitDetail(seconds: number): string {
  return `Please wait ${seconds} s before requesting a new code`;
}

/** Which of the cases a server detail is, and for "wait" how many seconds are left. */
export function codeProblemOf(detail: string | undefined): { problem: CodeProblem; seconds?: number } | null {
  if (!detail) return null;
  const wait = /^Please wait (\d+) s before requesting a new code$/.exec(detail);
  if (wait) return { problem: 'wait', seconds: Number(wait[1]) };
  const found = (Object.keys(CODE_DETAILS) as (keyof typeof CODE_DETAILS)[]).find((key) => CODE_DETAILS[key] === detail);
  return found ? { problem: found } : null;
}

/**
 * Seconds to wait before the next code, given how many were mailed in the last 24 hours: the
 * spec's 59 s for the first resends, then twice as long each time.
 */
export function codeResendSeconds(sentToday: number): number {
  return CODE_RESEND_SECONDS * 2 ** Math.max(0, sentToday - CODE_FREE_RESENDS);
}
