/** The refusals of the reviews' routes (routes.ts, admin-routes.ts), in the request's language. */
import type { FastifyRequest } from 'fastify';
import { englishMessage, REVIEW_MESSAGES, type Language } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';

/**
 * A schema's refusal in `language`: the domain's words for the reviews' own keys, English (as
 * every other route answers) for the rest, with the field it is about.
 */
export function validationRefusal(request: FastifyRequest, language: Language): HttpError {
  const error = request.validationError as (Error & { validation?: { instancePath?: string; message?: string }[]; validationContext?: string }) | undefined;
  const first = error?.validation?.[0];
  const message = first?.message ?? 'common:validation.invalid';
  const field = `${error?.validationContext ?? 'body'}${first?.instancePath ? first.instancePath.replaceAll('/', '.') : ''}`;
  const text = message in REVIEW_MESSAGES ? REVIEW_MESSAGES[message as keyof typeof REVIEW_MESSAGES][language] : englishMessage(message);
  return new HttpError(422, `${field}: ${text}`);
}
