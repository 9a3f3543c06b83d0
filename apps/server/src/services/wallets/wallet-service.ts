import { address as toAddress, isAddress, type Address } from '@solana/kit';
import {
  MESSAGES,
  WALLETS_PER_MEMBER_MAX,
  type LinkWalletBody,
  type WalletChallenge,
} from '@symposia/shared';
import type { WalletSettings } from '../../config.js';
import type { User } from '../../domain/user.js';
import { decideWalletLink, decideWalletUnlink } from '../../policies/index.js';
import type { StoredWallet, WalletRepository } from '../../repositories/index.js';
import { authorize } from '../authorize.js';
import type { Clock } from '../clock.js';
import { InvalidInputError, NotFoundError, TooManyAttemptsError } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import {
  newNonce,
  nonceHash,
  nonceOf,
  signatureBytes,
  siwsMessage,
  verifySignature,
} from './siws.js';

export type WalletService = ReturnType<typeof createWalletService>;

/**
 * Wallets members prove they hold (issue 28). A member asks for a challenge for an address; the
 * server stores it (by its nonce's digest) and answers a Sign-In-With-Solana message; the member's
 * wallet signs that message; the server takes the challenge (once: used, refused or expired, it is
 * gone), checks that the message is exactly the one issued, for this site, and that the signature
 * is the wallet's, and links the wallet to the member. Who may link, unlink or be paid to a wallet
 * is policies/wallet-policy.ts.
 */
export function createWalletService(deps: {
  wallets: WalletRepository;
  limiter: RateLimiter;
  settings: WalletSettings;
  now: Clock;
}) {
  const { wallets, limiter, settings, now } = deps;
  const origin = new URL(settings.publicOrigin);

  function addressOf(text: string): Address {
    if (!isAddress(text)) {
      throw new InvalidInputError([{ field: 'address', message: MESSAGES.invalidSolanaAddress }]);
    }
    return toAddress(text);
  }

  const refuse = (field: string, message: string) => new InvalidInputError([{ field, message }]);

  return {
    /**
     * A one-time message for the member to sign with the wallet at `address`. Refused (422) for a
     * wallet another member holds or beyond WALLETS_PER_MEMBER_MAX, 429 beyond the rate limit.
     */
    async challenge(user: User, body: { address: string }): Promise<WalletChallenge> {
      const address = addressOf(body.address);
      const allowed = await limiter.consume(user.id);
      if (!allowed.allowed) {
        throw new TooManyAttemptsError(allowed.retryAfterSeconds, MESSAGES.tooManyWalletChallenges);
      }
      const linkedCount = (await wallets.linkedTo(user.id)).length;
      const linkedTo = await wallets.ownerOf(address);
      authorize(decideWalletLink(user, { linkedTo, linkedCount, max: WALLETS_PER_MEMBER_MAX }));

      const at = now();
      const nonce = newNonce();
      const issuedAt = at.toISOString();
      const expiresAt = new Date(at.getTime() + settings.challengeTtlSeconds * 1000).toISOString();
      await wallets.addChallenge(
        { nonceHash: nonceHash(nonce), userId: user.id, address, issuedAt, expiresAt },
        at,
      );
      const message = siwsMessage({
        domain: origin.host,
        uri: origin.origin,
        address,
        nonce,
        issuedAt,
        expiresAt,
      });
      return { message, nonce, expires_at: expiresAt };
    },

    /**
     * Links the wallet whose signature of an issued message is sent. 422 naming the field for an
     * unknown, used or expired challenge, a message other than the one issued (another domain,
     * address, nonce or time), a signature that is not 64 bytes or not this wallet's, or a
     * wallet another member holds.
     */
    async link(user: User, body: LinkWalletBody): Promise<StoredWallet> {
      const address = addressOf(body.address);
      const signature = signatureBytes(body.signature);
      if (!signature) throw refuse('signature', MESSAGES.walletSignatureMalformed);
      const nonce = nonceOf(body.message);
      if (!nonce) throw refuse('message', MESSAGES.walletMessageMismatch);

      const challenge = await wallets.takeChallenge(nonceHash(nonce), user.id);
      const at = now();
      if (!challenge || Date.parse(challenge.expiresAt) <= at.getTime()) {
        throw refuse('message', MESSAGES.walletChallengeUnknown);
      }
      // The text issued, on this site as it is configured now: nothing in it may differ.
      const issued = siwsMessage({
        domain: origin.host,
        uri: origin.origin,
        address: challenge.address,
        nonce,
        issuedAt: challenge.issuedAt,
        expiresAt: challenge.expiresAt,
      });
      if (challenge.address !== address || body.message !== issued) {
        throw refuse('message', MESSAGES.walletMessageMismatch);
      }
      if (!verifySignature(address, body.message, signature)) {
        throw refuse('signature', MESSAGES.walletSignatureInvalid);
      }
      return wallets.link(user.id, address, at, (facts) =>
        authorize(decideWalletLink(user, { ...facts, max: WALLETS_PER_MEMBER_MAX })),
      );
    },

    /** The member's linked wallets, the earliest first. */
    list(user: User): Promise<StoredWallet[]> {
      return wallets.linkedTo(user.id);
    },

    /** Unlinks one of the member's wallets; anyone else's (or none) is 404. */
    async unlink(user: User, addressText: string): Promise<void> {
      const linkedTo = await wallets.ownerOf(addressText);
      authorize(decideWalletUnlink(user, linkedTo));
      if (!(await wallets.unlink(user.id, addressText))) {
        throw new NotFoundError(MESSAGES.walletNotLinked);
      }
    },

    /** The member a wallet is linked to, or null (reward claims ask: policies/wallet-policy.ts). */
    ownerOf(address: string): Promise<string | null> {
      return wallets.ownerOf(address);
    },
  };
}
