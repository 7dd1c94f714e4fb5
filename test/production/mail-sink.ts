import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';

/**
 * The production journey's SMTP server: production mode has no developer mailbox, so the journey reads
 * what the server really sent over SMTP. Every message is appended to a JSON-lines file (the raw MIME
 * text), which the tests read; it accepts anyone on loopback, without TLS or authentication.
 */
export function startMailSink(port: number, file: string): Promise<SMTPServer> {
  fs.writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        fs.appendFileSync(file, `${JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') })}\n`);
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export type SentMail = { to: string[]; raw: string };

export const sentMails = (file: string): SentMail[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as SentMail);
