import { ApiError } from '../../../shared/api/client';

/** The HTTP status of a failed call, or 0 when the server was not reached. */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/** The server's own message (its `detail`), if the failure came from the server. */
export function detailOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.detail ? error.detail : undefined;
}
