import { useTranslation } from 'react-i18next';
import { CheckIcon, PlusIcon } from '@/components/ui/icons/icons';
import { PillToggle } from '@/components/ui/outline-button/pill-toggle';
import { notify } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth-store';
import { localizedDetail } from '@/lib/localize-message';
import { isFollowed, useChangeFollow, type FollowTarget } from '../api/change-follow';
import { useFollows } from '../api/get-follows';
import styles from './follow-button.module.css';

type FollowControl = FollowTarget & {
  /** Runs once a change settled: the app refreshes what depends on follows. */
  onChanged?: () => void;
};

/** Whether the target is followed, and the toggle (which asks a visitor to sign in first). */
function useFollowToggle({ onChanged, ...target }: FollowControl) {
  const { t } = useTranslation(['follows', 'messages']);
  const { token } = useAuth();
  const follows = useFollows();
  const change = useChangeFollow({ onChanged });
  const following = isFollowed(follows.data, target);
  const toggle = () => {
    if (!token) {
      authStore.requestLogin(t('follows:signInToFollow'));
      return;
    }
    if (change.isPending) return;
    change.mutate(
      { ...target, follow: !following },
      {
        onError: (error) => {
          // A 401 already opened the login overlay (api-client).
          if (error instanceof ApiError && error.status === 401) return;
          notify.error(t('messages:followFailed'), localizedDetail(error));
        },
      },
    );
  };
  return { following, toggle, pending: change.isPending };
}

/**
 * Follow / Following (issue 30): on an author's profile, and on the forum filtered by a tag. A
 * toggle button, pressed once followed; its name is what it shows and what it follows ("Follow
 * Ada", "Following #optics"), so the words on it are the words that name it.
 */
export function FollowButton({ name, ...control }: FollowControl & { name: string }) {
  const { t } = useTranslation('follows');
  const { following, toggle, pending } = useFollowToggle(control);
  const shown = t(following ? 'following' : control.type === 'tag' ? 'followTag' : 'follow');
  const what = control.type === 'tag' ? `#${name}` : name;
  return (
    <PillToggle
      pressed={following}
      pending={pending}
      onToggle={toggle}
      pressedClassName={styles.following}
    >
      {following ? <CheckIcon /> : <PlusIcon />}
      {shown}
      {/* The name is the member's words: in the text, where translate="no" can mark it. */}
      <span className="visually-hidden" translate="no">
        {' '}
        {what}
      </span>
    </PillToggle>
  );
}

/**
 * The small toggle inside a tag's pill on the post detail: a plus to follow the tag, a check once
 * followed; always named "Follow tag #tag", pressed while followed.
 */
export function FollowTagToggle({ tag, onChanged }: { tag: string; onChanged?: () => void }) {
  const { t } = useTranslation('follows');
  const { following, toggle, pending } = useFollowToggle({ type: 'tag', target: tag, onChanged });
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={following}
      aria-busy={pending || undefined}
      title={t('followTag')}
      onClick={toggle}
    >
      {following ? <CheckIcon width={14} height={14} /> : <PlusIcon width={14} height={14} />}
      <span className="visually-hidden">{t('followTag')} </span>
      <span className="visually-hidden" translate="no">
        #{tag}
      </span>
    </button>
  );
}
