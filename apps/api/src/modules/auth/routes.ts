import { loginSchema, logoutSchema, refreshSchema } from '@spedycja/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthService } from './service.ts';

export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Auth'];
  const config = { public: true };

  r.post('/api/login', { config, schema: { tags, body: loginSchema } }, (request) =>
    auth.login(request.body.username, request.body.password, request.ip),
  );
  r.post('/api/token/refresh', { config, schema: { tags, body: refreshSchema } }, (request) =>
    auth.refresh(request.body.refreshToken),
  );
  r.post('/api/logout', { config, schema: { tags, body: logoutSchema } }, async (request, reply) => {
    await auth.logout(request.body.refreshToken);
    return reply.code(204).send();
  });
}
