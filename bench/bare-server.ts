import Fastify from 'fastify';

// The floor for /places: a bare Fastify route answering a small JSON list, nothing else.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ result: [{ ID: 'city:paris', name: 'Paris' }] }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
