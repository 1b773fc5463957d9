import type { FastifyReply } from 'fastify';
import type { ApiError } from '../core/errors';

/** The contract's Error answer, with the error's status. */
export const sendError = (reply: FastifyReply, error: ApiError) => reply.code(error.status).type('application/json').send(error.body);
