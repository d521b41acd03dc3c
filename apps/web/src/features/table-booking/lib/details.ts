import { TABLE_DETAILS } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';

/** The translation key of what the server said when it refused a table, or a general one. */
export function tableErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.detail) {
      case TABLE_DETAILS.full:
        return 'restaurant:tables.errors.full';
      case TABLE_DETAILS.notFound:
        return 'restaurant:tables.errors.notFound';
      case TABLE_DETAILS.emailRequired:
        return 'restaurant:tables.validation.emailRequired';
      case TABLE_DETAILS.changedMeanwhile:
        return 'restaurant:tables.errors.changedMeanwhile';
      case TABLE_DETAILS.tooLate:
        return 'restaurant:tables.errors.tooLate';
      case TABLE_DETAILS.tooManyFromAddress:
        return 'restaurant:tables.errors.tooManyFromAddress';
      case TABLE_DETAILS.tooManyForEmail:
        return 'restaurant:tables.errors.tooManyForEmail';
      case TABLE_DETAILS.notYet:
        return 'restaurant:tables.errors.notYet';
      case TABLE_DETAILS.confirmLink:
        return 'restaurant:tables.confirm.invalid';
    }
    if (error.status === 429) return 'restaurant:tables.errors.tooMany';
    if (error.status === 422) return 'restaurant:tables.errors.invalid';
  }
  return 'restaurant:tables.errors.generic';
}

/** The server refused the time chosen because it filled meanwhile (409). */
export function isTimeTaken(error: unknown): boolean {
  return error instanceof ApiError && error.detail === TABLE_DETAILS.full;
}

/** The nearest free times a 409 for a full slot names. */
export function nearestOf(error: unknown): string[] {
  if (!isTimeTaken(error) || !(error instanceof ApiError)) return [];
  const nearest = (error.body as { nearest?: unknown } | undefined)?.nearest;
  return Array.isArray(nearest) ? nearest.filter((time): time is string => typeof time === 'string') : [];
}
