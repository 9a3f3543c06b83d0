import { useTranslation } from 'react-i18next';
import type { Feed } from '@symposia/shared';
import { LIST_PARAM } from '../utils/list-params';
import { PressedButtons } from './pressed-buttons';

type FeedSwitchProps = {
  feed: Feed | undefined;
  onChange: (feed: Feed | undefined) => void;
};

/**
 * All posts, or only those of the authors and tags the member follows (issue 30), in the look of
 * the sort and review filters beside it. The app shows it to members.
 */
export function FeedSwitch({ feed, onChange }: FeedSwitchProps) {
  const { t } = useTranslation('posts');
  const options = [
    { value: undefined, label: t('feed.all') },
    { value: 'following' as const, label: t('feed.following') },
  ];
  return (
    <PressedButtons
      label={t('feed.group')}
      name={LIST_PARAM.feed}
      options={options}
      value={feed}
      onChange={onChange}
    />
  );
}
