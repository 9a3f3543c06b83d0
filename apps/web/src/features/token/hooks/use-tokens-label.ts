import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount } from '@/lib/token-amount';

/** "1 token", "12,345.5 tokens" in the reader's language (an API amount, a decimal string). */
export function useTokensLabel(): (amount: string) => string {
  const { t } = useTranslation('token');
  return useCallback(
    (amount: string) => {
      // The plural follows the amount's value: "1 token", "1.5 tokens", "0 tokens".
      return t('tokens', { count: Number(amount), amount: formatTokenAmount(amount) });
    },
    [t],
  );
}
