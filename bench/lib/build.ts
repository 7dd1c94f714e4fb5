import { spawn } from 'node:child_process';
import path from 'node:path';

/** Runs `vite build` in the repository root; rejects with the tail of its output when it fails. */
export function viteBuild(root: string): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(Date.now() - started);
      else reject(new Error(`vite build failed (${signal ?? `exit ${code}`}):\n${output.split('\n').slice(-40).join('\n')}`));
    });
  });
}
