import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { PROFILE_SCREEN_TEXT as PROFILE_TEXTS } from '@symposia/shared';
import { profiles } from '@/locales/en/profiles';
import { makeHiddenAuthor, makePublicAuthor } from '../testing/fixtures';
import { AuthorProfile } from './author-profile';

const TABS = [
  ['Profile', 'Profile Hidden', 'This user has chosen to keep their profile private.'],
  ['Posts', 'Posts Hidden', 'This user has chosen to keep their posts private.'],
  ['Activity', 'Activity Hidden', 'This user has chosen to keep their activity private.'],
  ['Statistics', 'Statistics Hidden', 'This user has chosen to keep their statistics private.'],
] as const;

describe('AuthorProfile', () => {
  it('shows the hidden notice with its exact text on every tab the author keeps private', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthorProfile info={makeHiddenAuthor()} onBack={() => {}} />);

    expect(screen.getByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeInTheDocument();
    for (const [tab, title, text] of TABS) {
      await user.click(screen.getByRole('tab', { name: tab }));
      const panel = screen.getByRole('tabpanel', { name: tab });
      expect(within(panel).getByRole('heading', { name: title })).toBeInTheDocument();
      expect(within(panel).getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Connect' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Contact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Badges' })).not.toBeInTheDocument();
  });

  it('shows every section when all are public: header, badges, posts with View, activity, statistics, Connect', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthorProfile info={makePublicAuthor()} onBack={() => {}} />);

    expect(screen.getByText('Rear Admiral')).toBeInTheDocument();
    expect(screen.getByText('@grace')).toBeInTheDocument();
    const contact = screen.getByRole('list', { name: 'Contact' });
    expect(within(contact).getByText('grace@example.org')).toBeInTheDocument();
    expect(within(contact).getByText('+1 (555) 0100')).toBeInTheDocument();
    expect(
      within(contact).getByRole('link', { name: 'https://example.org/grace' }),
    ).toHaveAttribute('href', 'https://example.org/grace');
    expect(
      within(screen.getByRole('list', { name: 'Badges' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['compilers', 'COBOL', 'navy']);

    const profile = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(profile).getByText('Wrote the first compiler.')).toBeInTheDocument();
    expect(within(profile).getByRole('list', { name: 'Expertise' })).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_TEXTS.profileHidden)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    const posts = screen.getByRole('tabpanel', { name: 'Posts' });
    expect(within(posts).getByRole('heading', { name: 'On compilers' })).toBeInTheDocument();
    expect(within(posts).getByText('3 likes')).toBeInTheDocument();
    expect(within(posts).getByText('1 comment')).toBeInTheDocument();
    expect(within(posts).getByText('2026-03-02 00:30')).toBeInTheDocument();
    expect(within(posts).getByRole('link', { name: 'View On compilers' })).toHaveAttribute(
      'href',
      '/forum/detail/p-1',
    );

    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    const activity = screen.getByRole('tabpanel', { name: 'Activity' });
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Published On compilers', 'Liked Bugs and moths']);
    expect(within(activity).getByRole('link', { name: 'Bugs and moths' })).toHaveAttribute(
      'href',
      '/forum/detail/p-9',
    );

    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    const statistics = screen.getByRole('tabpanel', { name: 'Statistics' });
    const figures = within(statistics)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Posts', '1'],
      ['Comments', '4'],
      ['Likes received', '3'],
      ['Tokens earned', '1,250.5'],
      ['Followers', '12'],
      ['Following', '3'],
    ]);
    // The counts show under the name too (issue 30).
    expect(screen.getByTestId('follow-counts')).toHaveTextContent('12 followers · 3 following');

    const connect = screen.getByRole('region', { name: 'Connect' });
    expect(within(connect).getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      'mailto:grace@example.org',
    );
    expect(within(connect).getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(within(connect).getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://example.org/grace',
    );
  });

  it("shows each post's review status on the author's posts", async () => {
    const user = userEvent.setup();
    const base = makePublicAuthor().posts![0]!;
    renderWithProviders(
      <AuthorProfile
        info={makePublicAuthor({
          posts: [
            { ...base, id: 'p-1', title: 'Checked', review_status: 'validated' },
            { ...base, id: 'p-2', title: 'Unchecked', review_status: 'unreviewed' },
          ],
        })}
        onBack={() => {}}
      />,
    );
    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    const badges = screen.getAllByTestId('review-status');
    expect(badges).toHaveLength(1);
    expect(badges[0]).toHaveTextContent('Validated');
    expect(badges[0]!.closest('li')).toHaveTextContent('Checked');
  });

  it('shows the Reviews tab the app composes, before Statistics', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <AuthorProfile
        info={makePublicAuthor()}
        onBack={() => {}}
        reviews={<p>The reviews written</p>}
      />,
    );
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(-2)).toEqual(['Reviews', 'Statistics']);
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(screen.getByRole('tabpanel', { name: 'Reviews' })).toHaveTextContent(
      'The reviews written',
    );
  });

  it("shows 'No Posts Yet' and 'No Recent Activity' for public but empty sections", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <AuthorProfile info={makePublicAuthor({ posts: [], activity: [] })} onBack={() => {}} />,
    );

    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(screen.getByRole('heading', { name: PROFILE_TEXTS.noPostsYet })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(
      screen.getByRole('heading', { name: PROFILE_TEXTS.noRecentActivity }),
    ).toBeInTheDocument();
  });

  it('hides only the private sections, leaving the others', async () => {
    const user = userEvent.setup();
    const info = makePublicAuthor({ show_posts: false, show_contact: false });
    delete info.posts;
    delete info.email;
    delete info.phone;
    delete info.userurl;
    renderWithProviders(<AuthorProfile info={info} onBack={() => {}} />);

    expect(screen.queryByText(PROFILE_TEXTS.profileHidden)).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(screen.getByRole('heading', { name: PROFILE_TEXTS.postsHidden })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(screen.queryByText(PROFILE_TEXTS.activityHidden)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('shows the author their own private sections, marked as private', () => {
    renderWithProviders(
      <AuthorProfile info={makePublicAuthor({ show_profile: false })} onBack={() => {}} />,
    );
    expect(screen.getByText(profiles.author.ownerOnlyNote)).toBeInTheDocument();
    expect(screen.getByText('Wrote the first compiler.')).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_TEXTS.profileHidden)).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthorProfile info={makePublicAuthor()} onBack={() => {}} />);

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Posts',
      'Activity',
      'Statistics',
    ]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    await user.click(tabs[0]!);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Statistics' })).toBeInTheDocument();
  });

  it('Back calls onBack', async () => {
    const onBack = vi.fn();
    renderWithProviders(<AuthorProfile info={makeHiddenAuthor()} onBack={onBack} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('AuthorProfile in Chinese', () => {
  it('shows the tabs, the hidden notices and the figures in Chinese, the author’s words untranslated', async () => {
    await changeLanguage('zh-CN', false);
    const user = userEvent.setup();
    renderWithProviders(<AuthorProfile info={makeHiddenAuthor()} onBack={() => {}} />);

    expect(screen.getByRole('heading', { name: 'Grace Hopper', level: 1 })).toHaveAttribute(
      'translate',
      'no',
    );
    expect(screen.getByText('@grace')).toHaveAttribute('translate', 'no');
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '资料',
      '帖子',
      '动态',
      '统计',
    ]);
    // The section named in the sentence is Chinese too.
    const profile = screen.getByRole('tabpanel', { name: '资料' });
    const sentence = (section: string) => i18n.t('messages:sectionPrivate', { section });
    expect(within(profile).getByText(sentence('个人资料'))).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '动态' }));
    const activity = screen.getByRole('tabpanel', { name: '动态' });
    expect(within(activity).getByText(sentence('动态'))).toBeInTheDocument();
    expect(within(activity).getByText(sentence('动态'))).not.toHaveTextContent(/activity/);
  });

  it('writes the posts, the activity and the statistics in Chinese', async () => {
    await changeLanguage('zh-CN', false);
    const user = userEvent.setup();
    renderWithProviders(<AuthorProfile info={makePublicAuthor()} onBack={() => {}} />);

    expect(screen.getByRole('list', { name: '徽章' })).toBeInTheDocument();
    expect(screen.getByText('Wrote the first compiler.')).toHaveAttribute('translate', 'no');

    await user.click(screen.getByRole('tab', { name: '帖子' }));
    const posts = screen.getByRole('tabpanel', { name: '帖子' });
    expect(within(posts).getByRole('heading', { name: '帖子（1）' })).toBeInTheDocument();
    expect(within(posts).getByText('3 个赞')).toBeInTheDocument();
    expect(within(posts).getByText('1 条评论')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '动态' }));
    const activity = screen.getByRole('tabpanel', { name: '动态' });
    expect(within(activity).getByRole('heading', { name: '最近动态' })).toBeInTheDocument();
    expect(within(activity).getByText('Bugs and moths')).toHaveAttribute('translate', 'no');
    expect(within(activity).getAllByRole('listitem')[1]).toHaveTextContent('赞了 Bugs and moths');

    await user.click(screen.getByRole('tab', { name: '统计' }));
    expect(screen.getByText('获赞')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '打电话' })).toHaveAttribute('href', 'tel:+15550100');
  });
});
