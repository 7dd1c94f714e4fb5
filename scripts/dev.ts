import { spawn, type ChildProcess } from 'node:child_process';

// API on :3000 (restarted by tsx watch on server changes) and Vite with hot reload on :5173,
// which proxies /api and /dev to the API.
const children: ChildProcess[] = [
  // E-mailed links open the hot-reloading app, not the API's own port.
  spawn('node', ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, PORT: '3000' },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
