import { runAdmin } from '@server/admin/tool';

/** `npm run admin -- <command>`: the operator tool (src/server/admin; README "Operator tool"). */
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Paste the secret, then press Ctrl-D:\n');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const code = await runAdmin(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  readStdin,
});
process.exitCode = code;
