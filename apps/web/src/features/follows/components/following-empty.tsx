import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { paths } from '@/config/paths';
import { authStore } from '@/lib/auth-store';

/**
 * The following feed with nothing in it (issue 30): says how to follow — an author from their
 * profile, a tag from a post's tags or the forum filtered by it — and leads back to every post.
 */
export function FollowingEmpty() {
  const { t } = useTranslation('follows');
  return (
    <EmptyState
      headingLevel={2}
      title={t('empty.title')}
      text={t('empty.text')}
      action={
        <Link className="button button-secondary" to={paths.forum.href()}>
          {t('empty.browse')}
        </Link>
      }
    />
  );
}

/** The following feed to a visitor: it is a member's own, so sign in first. */
export function FollowingSignIn() {
  const { t } = useTranslation('follows');
  return (
    <EmptyState
      icon="lock"
      headingLevel={2}
      title={t('signIn.title')}
      text={t('signIn.text')}
      action={
        <button
          type="button"
          className="button button-primary"
          onClick={() => authStore.requestLogin(t('signInToFollow'))}
        >
          {t('signIn.action')}
        </button>
      }
    />
  );
}
