import { startServices } from '../runtime/services.ts';
import { openTool } from './toolBoot.ts';

// Apart from toolBoot.ts: a tool that needs only a pool (exportLedger) must not load the services.
type Tool = Awaited<ReturnType<typeof openTool>>;
type Services = Awaited<ReturnType<typeof startServices>>;

/**
 * Runs `work` on the app's services over the tool's database, then stops them and any embedded Postgres
 * it started, whatever `work` did. No projection worker and no scheduled jobs: those are the servers'
 * (one may run beside the tool). `readModels: 'any'` starts whatever the read models' versions (the
 * rebuild tools); `env` overrides the environment the tool's configuration is read from (toolBoot.ts).
 */
export async function withToolServices<T>(
  work: (services: Services, tool: Tool) => Promise<T>,
  { env, ...options }: { readModels?: 'any'; env?: Record<string, string> } = {},
): Promise<T> {
  const tool = await openTool(env);
  const services = await startServices(tool.config, tool.logger, {
    databaseUrl: tool.database.url,
    runProjections: false,
    scheduledJobs: false,
    ...options,
  });
  try {
    return await work(services, tool);
  } finally {
    await services.stop();
    await tool.database.embedded?.stop();
  }
}
