import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectWrites, finishWrites, newWriteScope } from '../db/writes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tables this request's statements wrote (db/writes.ts). */
    writeScope: ReturnType<typeof newWriteScope> | undefined;
  }
}

/**
 * Every request collects the tables its statements write, and announces them when it is answered (so that counted
 * totals of those tables are forgotten, http/listing.ts). Registered after the request transaction's plugin: its
 * onSend runs after the commit, before the client hears back.
 */
export const writeScopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('writeScope', undefined as never);
  // Callback hooks: the rest of the request runs inside the scope. Entered again before validation, because a body is
  // read in the context of the socket's events, not of onRequest.
  app.addHook('onRequest', (request, _reply, done) => {
    request.writeScope = newWriteScope();
    collectWrites(request.writeScope, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    request.writeScope ??= newWriteScope();
    collectWrites(request.writeScope, done);
  });
  // An answer refused before this plugin's onRequest ran (an earlier hook failed) has no scope: it wrote nothing.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.writeScope) finishWrites(request.writeScope);
    return payload;
  });
  // An answer that never reached onSend (the connection broke).
  app.addHook('onResponse', async (request) => {
    if (request.writeScope) finishWrites(request.writeScope);
  });
});
