// `npm run dev`: the API with reload (tsx watch) on :8080 and Vite on :5173 proxying /api.
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
