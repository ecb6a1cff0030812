import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiErrorBody } from './api-errors.ts';

/** Every error leaves as the JSON shape of `errorResponseSchema`; details of server faults stay in the log. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = apiErrorBody(error);
  if (answer) return reply.code(answer.statusCode).send(answer);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const detail = error.validation.map(
      (issue) => `${issue.instancePath.replace(/^\//, '') || 'request'}: ${issue.message}`,
    );
    return reply
      .code(400)
      .send({ statusCode: 400, error: 'Bad Request', message: detail.join('; '), code: 'VALIDATION' });
  }
  const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(statusCode)
      .send({ statusCode, error: 'Internal Server Error', message: 'Something went wrong' });
  }
  return reply
    .code(statusCode)
    .send({ statusCode, error: error.name, message: error.message, code: error.code });
}
