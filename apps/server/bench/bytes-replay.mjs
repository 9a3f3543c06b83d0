// The floor under a throughput figure: a bare Fastify app as its own process (logger off, like
// bench/hello-world.mjs) that answers GET /<n> with the n-th recorded answer of the product server,
// its very bytes and headers, doing nothing else. The answers come as a JSON file (REPLAY_FILE:
// [{ headers, body }], body in base64). It listens on PORT (0: any free port) at 127.0.0.1 and
// prints the port it got as its first line of output.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(process.env.REPLAY_FILE ?? '', 'utf8')).map((answer) => ({
  headers: answer.headers,
  body: Buffer.from(answer.body, 'base64'),
}));

const app = Fastify({ logger: false });
answers.forEach(({ headers, body }, index) => {
  app.get(`/${index}`, (_request, reply) => {
    reply.headers(headers).send(body);
  });
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`${new URL(address).port}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
