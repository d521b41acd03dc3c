import { codeProblemOf } from '@hotel/domain';
import { detailOf } from './api-errors';

/**
 * The translation key (and its values) that says why a code or a new code was refused: the
 * server's English detail is never shown as it is, so a Russian screen stays Russian.
 */
export function codeErrorMessage(error: unknown, fallback: string): { key: string; values: Record<string, number> } {
  const found = codeProblemOf(detailOf(error));
  switch (found?.problem) {
    case 'invalid':
      return { key: 'auth:code.invalid', values: {} };
    case 'expired':
      return { key: 'auth:code.expired', values: {} };
    case 'attempts':
      return { key: 'auth:code.tooManyAttempts', values: {} };
    case 'dailyFailures':
      return { key: 'auth:code.tooManyToday', values: {} };
    case 'dailyCodes':
      return { key: 'auth:code.tooManyCodesToday', values: {} };
    case 'wait':
      return { key: 'auth:code.wait', values: { seconds: found.seconds ?? 0 } };
    default:
      return { key: fallback, values: {} };
  }
}

/** Seconds the server asks to wait before the next code, when that is why it refused one. */
export function secondsToWait(error: unknown): number | undefined {
  const found = codeProblemOf(detailOf(error));
  return found?.problem === 'wait' ? found.seconds : undefined;
}
