import { spawn } from 'node:child_process';
import { apiProcessArgs } from '../runtime/nodeFlags.ts';

/**
 * npm run dev: the API (with its embedded or configured database, projections running) on API_PORT and
 * Vite with hot reload on 5173, proxying /api to it. Ctrl-C stops both.
 */
const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(process.execPath, apiProcessArgs(['--watch'], { source: true }), {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      BUILD_WEB: 'off',
      ALLOWED_ORIGINS: 'http://localhost:5173',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', '5173', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', () => stop());
