// The baseline of every throughput figure: a bare Fastify app as its own process, as a bare app
// would be written (one GET route, logger off). It listens on PORT (0: any free port) at
// 127.0.0.1 and prints the port it got as its first line of output.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`${new URL(address).port}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
