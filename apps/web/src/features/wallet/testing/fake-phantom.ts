import type { PhantomEvent, PhantomEventMap, PhantomProvider, PhantomPublicKey } from '../types';

/** Two well-formed Solana addresses for tests. */
export const ADDRESS_A = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
export const ADDRESS_B = 'BPFLoaderUpgradeab1e11111111111111111111111';

/** What the fake signs every message with, and that signature in base64 as POST /wallets gets it. */
export const SIGNATURE_BYTES = Uint8Array.from({ length: 64 }, (_, index) => index);
export const SIGNATURE_BASE64 = btoa(String.fromCharCode(...SIGNATURE_BYTES));

export const publicKeyOf = (address: string): PhantomPublicKey => ({
  toBase58: () => address,
  toString: () => address,
});

type Outcome = { kind: 'approve' } | { kind: 'reject'; error: unknown };

/**
 * A stand-in for Phantom's injected provider: trusted or not, answers the next connect as told, and
 * emits its events on demand.
 */
export function createFakePhantom({
  address = ADDRESS_A,
  trusted = false,
}: { address?: string; trusted?: boolean } = {}) {
  const handlers = new Map<PhantomEvent, Set<(...args: never[]) => void>>();
  let nextOutcome: Outcome = { kind: 'approve' };
  let pendingConnect: { resolve: () => void } | null = null;
  let holdConnects = false;
  let nextSign: { kind: 'approve' } | { kind: 'reject'; error: unknown } = { kind: 'approve' };
  const signed: { text: string; display?: string }[] = [];

  const emit = <E extends PhantomEvent>(event: E, ...args: Parameters<PhantomEventMap[E]>) => {
    handlers.get(event)?.forEach((handler) => (handler as (...a: unknown[]) => void)(...args));
  };

  const provider: PhantomProvider & { isConnected: boolean } = {
    isPhantom: true,
    isConnected: false,
    publicKey: null,
    connect: async (options) => {
      if (holdConnects) await new Promise<void>((resolve) => (pendingConnect = { resolve }));
      if (options?.onlyIfTrusted) {
        if (!trusted) throw { code: 4001, message: 'User rejected the request.' };
      } else if (nextOutcome.kind === 'reject') {
        const { error } = nextOutcome;
        nextOutcome = { kind: 'approve' };
        throw error;
      }
      trusted = true;
      provider.isConnected = true;
      provider.publicKey = publicKeyOf(address);
      emit('connect', provider.publicKey);
      return { publicKey: provider.publicKey };
    },
    // Phantom's signature is 64 bytes; the server checks it, so any fixed bytes do here.
    signMessage: async (message, display) => {
      signed.push({ text: new TextDecoder().decode(message), display });
      if (nextSign.kind === 'reject') {
        const { error } = nextSign;
        nextSign = { kind: 'approve' };
        throw error;
      }
      return { signature: SIGNATURE_BYTES, publicKey: publicKeyOf(address) };
    },
    disconnect: async () => {
      provider.isConnected = false;
      provider.publicKey = null;
      emit('disconnect');
    },
    on: (event, handler) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler as (...args: never[]) => void);
    },
    off: (event, handler) => {
      handlers.get(event)?.delete(handler as (...args: never[]) => void);
    },
  };

  return {
    provider,
    /** The messages Phantom was asked to sign, as text, with the display asked for. */
    signed,
    /** The next signMessage fails with this error (e.g. `{ code: 4001 }`: the user declined). */
    failNextSign(error: unknown) {
      nextSign = { kind: 'reject', error };
    },
    /** The next user-initiated connect fails with this error (e.g. `{ code: 4001 }`). */
    failNextConnect(error: unknown) {
      nextOutcome = { kind: 'reject', error };
    },
    /** Connects wait until `release()`. */
    hold() {
      holdConnects = true;
    },
    release() {
      holdConnects = false;
      pendingConnect?.resolve();
      pendingConnect = null;
    },
    setTrusted(value: boolean) {
      trusted = value;
    },
    /** Phantom disconnected on its own (e.g. the user revoked the site in the extension). */
    emitDisconnect() {
      provider.isConnected = false;
      provider.publicKey = null;
      emit('disconnect');
    },
    emitAccountChanged(next: string | null) {
      if (next) {
        address = next;
        provider.publicKey = publicKeyOf(next);
      }
      emit('accountChanged', next ? publicKeyOf(next) : null);
    },
    listenerCount: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

export type FakePhantom = ReturnType<typeof createFakePhantom>;
