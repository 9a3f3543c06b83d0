import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkedWallet, LinkedWallets, WalletChallenge } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';

export const linkedWalletsQueryKey = ['wallets', 'linked'] as const;

/** GET /wallets: the signed-in member's linked wallets, the earliest linked first. */
export function getLinkedWallets(signal?: AbortSignal): Promise<LinkedWallets> {
  return api.get('/wallets', { schema: contract('linkedWalletsSchema'), signal });
}

/** POST /wallets/challenge: the one-time message the wallet at `address` is to sign. */
export function createWalletChallenge(address: string): Promise<WalletChallenge> {
  return api.post('/wallets/challenge', jsonBody({ address }), {
    schema: contract('walletChallengeSchema'),
  });
}

/** POST /wallets: the issued message and the wallet's signature of it link the wallet. */
export function linkWallet(body: {
  address: string;
  message: string;
  signature: string;
}): Promise<LinkedWallet> {
  return api.post('/wallets', jsonBody(body), { schema: contract('linkedWalletSchema') });
}

/** DELETE /wallets/{address}: claims no longer pay to it. */
export async function unlinkWallet(address: string): Promise<void> {
  await api.request('DELETE', `/wallets/${encodeURIComponent(address)}`);
}

export const getLinkedWalletsQueryOptions = () =>
  queryOptions({
    queryKey: linkedWalletsQueryKey,
    queryFn: ({ signal }) => getLinkedWallets(signal),
  });

/** The member's linked wallets; only asked while `enabled` (signed in). */
export function useLinkedWallets(enabled = true) {
  return useQuery({ ...getLinkedWalletsQueryOptions(), enabled });
}

/**
 * Links a wallet: asks for a challenge, has the wallet sign it (`sign`, the Phantom prompt), and
 * sends both. The list is read again whatever came of it.
 */
export function useLinkWallet(sign: (message: string) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (address: string) => {
      const { message } = await createWalletChallenge(address);
      const signature = await sign(message);
      return linkWallet({ address, message, signature });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedWalletsQueryKey }),
  });
}

export function useUnlinkWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkWallet,
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedWalletsQueryKey }),
  });
}
