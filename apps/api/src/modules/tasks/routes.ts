import type { FastifyInstance } from 'fastify';

/**
 * The drawer badge. Tasks arrive with their own issue; until then no task can be due,
 * so the count is honestly 0 for every user.
 */
export async function tasksRoutes(app: FastifyInstance) {
  app.get('/api/tasks/drawerNotifications', { schema: { tags: ['Tasks'] } }, async () => ({ count: 0 }));
}
