import { localizeMessage } from '@/lib/localize-message';
import styles from './wallet-notice.module.css';

type WalletNoticeProps = {
  /** The message to show (a text of MESSAGES, said in the reader's language), or null. */
  notice: string | null;
  /** `floating` sits under a compact control (the header); `inline` flows in a card. */
  variant?: 'floating' | 'inline';
};

/**
 * A live region that is always in the page, so a screen reader announces the message when it
 * appears; empty, it takes no room.
 */
export function WalletNotice({ notice, variant = 'inline' }: WalletNoticeProps) {
  return (
    <p role="status" className={`${styles.notice} ${styles[variant]}`}>
      {notice === null ? null : localizeMessage(notice)}
    </p>
  );
}
