/** What the bill's routes share: their error answers, and a schema's refusal in both languages. */
import type { FastifyRequest } from 'fastify';
import { englishMessage, FOLIO_MESSAGES, folioErrorSchema } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';

export const folioErrors = {
  401: folioErrorSchema,
  403: folioErrorSchema,
  404: folioErrorSchema,
  409: folioErrorSchema,
  413: folioErrorSchema,
  415: folioErrorSchema,
  422: folioErrorSchema,
};

/** A schema's refusal (422): the field and the bill's own messages in English and, beside them, in Russian. */
export function validationRefusal(request: FastifyRequest): HttpError {
  const error = request.validationError as (Error & { validation?: { instancePath?: string; message?: string }[]; validationContext?: string }) | undefined;
  const first = error?.validation?.[0];
  const message = first?.message ?? 'common:validation.invalid';
  const field = `${error?.validationContext ?? 'body'}${first?.instancePath ? first.instancePath.replaceAll('/', '.') : ''}`;
  const known = message in FOLIO_MESSAGES ? FOLIO_MESSAGES[message as keyof typeof FOLIO_MESSAGES] : null;
  return new HttpError(422, `${field}: ${known?.en ?? englishMessage(message)}`, known ? { detail_ru: `${field}: ${known.ru}` } : {});
}
