// The page's Content-Security-Policy allows no eval. Left alone, zod probes `new Function` when it
// builds a schema (to decide whether to compile validators), and the browser reports the probe as
// a CSP violation even though zod catches it. zod keeps its settings in
// `globalThis.__zod_globalConfig` and adopts an object it finds there, so this module, the entry's
// first import, turns compiling off before any zod code is loaded, without loading zod itself (it
// stays out of the first load).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
