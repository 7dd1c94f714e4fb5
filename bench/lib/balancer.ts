import http from 'node:http';

/**
 * A tiny loopback round-robin load balancer, as a deployment puts in front of several API processes:
 * each request goes to the next backend. A backend that refuses the connection (it is down: the
 * request never reached it) is skipped for a few seconds and the request goes to the next one, as
 * nginx's `proxy_next_upstream error` does; a connection that breaks once the request was sent (the
 * process died mid-call) is answered 502 — the client retries with the same Idempotency-Key, as the
 * web app does, since only the server knows whether the call took effect.
 */
export type Balancer = { url: string; close: () => Promise<void>; stats: () => { proxied: number; skipped: number; badGateway: number } };

const DOWN_FOR_MS = 2_000;

export async function startBalancer(port: number, backends: string[]): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const downUntil = new Map<string, number>();
  let next = 0;
  const counts = { proxied: 0, skipped: 0, badGateway: 0 };

  const pick = (tried: Set<string>) => {
    const now = Date.now();
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[(next + i) % backends.length]!;
      if (tried.has(backend) || (downUntil.get(backend) ?? 0) > now) continue;
      next = (next + i + 1) % backends.length;
      return backend;
    }
    // Every backend is marked down: try the ones not tried yet anyway.
    return backends.find((b) => !tried.has(b));
  };

  const badGateway = (res: http.ServerResponse, why: string) => {
    counts.badGateway++;
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'content-type': 'application/json; connection=close' });
    res.end(JSON.stringify({ balancer: true, msg: `bad gateway: ${why}` }));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<string>();
      const attempt = () => {
        const backend = pick(tried);
        if (!backend) return badGateway(res, 'no backend answers');
        tried.add(backend);
        const target = new URL(backend);
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: target.host, 'content-length': String(body.length) },
            agent,
          },
          (answer) => {
            counts.proxied++;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') {
            // Not delivered: mark it down and give the request to another backend.
            downUntil.set(backend, Date.now() + DOWN_FOR_MS);
            counts.skipped++;
            return attempt();
          }
          badGateway(res, `${err.code ?? err.message} from ${backend}`);
        });
        upstream.end(body);
      };
      attempt();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
