import { z } from 'zod';

// The page's Content-Security-Policy allows no eval. Left alone, zod probes `new Function` once
// before its first parse to decide whether to compile validators, and the browser reports that
// probe as a CSP violation. Every module of the web app that parses with zod imports this first
// (zod itself stays out of the first load, so the entry cannot set it).
z.config({ jitless: true });
