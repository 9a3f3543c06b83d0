import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags of the server process, set before the rest of it loads (server.ts imports this first).
 *
 * No allocation-site pretenuring: once many objects made at one place in the code survive a
 * scavenge, V8 makes that place allocate straight into the old generation. A burst of processing
 * (the seed's last posts parsed, analysed and related at the first start) left places on the
 * request path pretenured — helpers both share — and from then on every answer's short-lived
 * objects filled the old generation: the anonymous post detail cost 45–48 µs of CPU a request
 * instead of 27–29, and went on costing that while the process ran (measured over the production
 * bench's data, 50 connections). Answers are short-lived by nature; nothing the server keeps is
 * made in bulk enough to gain from the old generation at birth.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
