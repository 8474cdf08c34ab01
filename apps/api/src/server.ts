/**
 * The API alone, as an operator runs it behind a load balancer (`node apps/api/dist/bin/server.js`):
 * serves the API and the built web app and runs no jobs; the worker does (worker.ts). Needs
 * DATABASE_URL; applies pending migrations first.
 */
import { buildApp } from './app.ts';
import { failStart, startProcess, stopOnSignal } from './entry.ts';

try {
  const { config, ctx } = await startProcess(process.env, false);
  const app = await buildApp(ctx);
  stopOnSignal(
    async () => {
      await app.close();
      await ctx.close();
    },
    (message) => app.log.info(message),
  );
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (err) {
  failStart(err);
}
