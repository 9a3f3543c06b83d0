/** See contract-version.ts: a fingerprint of packages/shared/src, set by the Vite config. */
declare const __SHARED_CONTRACT_VERSION__: string;
