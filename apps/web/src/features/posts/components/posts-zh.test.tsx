import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { usePost } from '../api/get-post';
import { makePostDetail, makePostListItem } from '../testing/fixtures';
import { ForumHero } from './forum-hero';
import { PostDetailView } from './post-detail-view';
import { PostGrid } from './post-grid';
import { SearchBox } from './search-box';
import { SortButtons } from './sort-buttons';

/** The element that keeps a text as its author wrote it (translate="no"), if any. */
const untranslated = (element: HTMLElement) => element.closest('[translate="no"]');

describe('the forum list in Chinese', () => {
  it('names the forum, its search, sort and cards in Chinese; a post’s title stays as written', async () => {
    await changeLanguage('zh-CN');
    routeFetch({
      'GET /media/list': () =>
        jsonResponse([
          makePostListItem({ title: 'Surface codes', user_name: 'ada', likes: 3, comments: 1 }),
        ]),
    });
    renderWithProviders(
      <>
        <ForumHero>
          <SearchBox
            action="/forum"
            keep={new URLSearchParams()}
            initialValue=""
            onSearch={() => {}}
          />
          <SortButtons sort="likes_desc" onChange={() => {}} />
        </ForumHero>
        <PostGrid filter={{ search: '', sort: 'likes_desc' }} forumUrl="/forum" />
      </>,
    );

    expect(screen.getByRole('heading', { level: 1, name: '社区论坛' })).toBeVisible();
    expect(screen.getByText('成员')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '搜索帖子' })).toHaveAttribute(
      'placeholder',
      '搜索主题、标签或作者',
    );
    expect(screen.getByRole('button', { name: '搜索' })).toBeVisible();
    const sort = screen.getByRole('group', { name: '帖子排序' });
    expect(within(sort).getByRole('button', { name: /热门/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(sort).getByRole('button', { name: /热门/ })).toHaveTextContent('（降序）');

    const title = await screen.findByRole('heading', { level: 3, name: 'Surface codes' });
    expect(untranslated(title)).toBe(title);
    expect(untranslated(screen.getByText('ada'))).not.toBeNull();
    expect(untranslated(screen.getByText('#physics'))).not.toBeNull();
    const card = screen.getByRole('article');
    expect(within(card).getByText('在新标签页中打开帖子')).toBeInTheDocument();
    expect(within(card).getByTestId('like-count')).toHaveTextContent('3 个赞');
    expect(within(card).getByTestId('comment-count')).toHaveTextContent('1 条评论');
    expect(screen.getByText('已显示 1 篇帖子')).toHaveAttribute('role', 'status');
  });

  it('says in Chinese that a search found nothing and what to try; the words as typed', async () => {
    await changeLanguage('zh-CN');
    routeFetch({
      'GET /media/list': () => jsonResponse([]),
      'GET /media/search-suggestions': () =>
        jsonResponse({ suggestions: [{ search: 'surface', removed: 'qubit' }] }),
    });
    renderWithProviders(
      <PostGrid filter={{ search: 'surface qubit', sort: undefined }} forumUrl="/forum" />,
    );

    expect(await screen.findByText('没有找到帖子')).toBeVisible();
    const [term] = screen.getAllByText('surface qubit');
    expect(untranslated(term!)).toBe(term);
    expect(term!.parentElement).toHaveTextContent(
      '没有与“surface qubit”匹配的内容，换个关键词试试。',
    );

    const suggestion = await screen.findByTestId('search-suggestion');
    expect(suggestion).toHaveTextContent('没有“surface qubit”的结果；试试去掉“qubit”');
    // jsdom, without layout, reads the word's own element with spaces around it.
    const link = within(suggestion).getByRole('link', { name: /^去掉“ ?qubit ?”$/ });
    expect(link).toHaveAttribute('href', '/forum?search=surface');
    expect(untranslated(within(link).getByText('qubit'))).not.toBeNull();
  });
});

describe('the post detail in Chinese', () => {
  function Detail() {
    const query = usePost('post-1');
    return query.data ? <PostDetailView post={query.data} onBack={() => {}} /> : null;
  }

  it('labels the page in Chinese; title, author, summary, content and tags stay as written', async () => {
    await changeLanguage('zh-CN');
    routeFetch({
      'GET /media/post-1': () =>
        jsonResponse(
          makePostDetail({
            title: 'Surface codes',
            'author name': 'Ada Lovelace',
            Summary: 'Thresholds near one percent.',
            content: 'First line',
            tags: ['physics'],
            comments: 3,
            ai_analysis: '',
            status: 'published',
          }),
        ),
    });
    renderWithProviders(<Detail />);

    const title = await screen.findByRole('heading', { level: 1, name: 'Surface codes' });
    expect(untranslated(title)).toBe(title);
    expect(screen.getByRole('button', { name: /返回/ })).toBeVisible();
    expect(screen.getByRole('button', { name: '引用' })).toBeVisible();
    expect(screen.getByTestId('comment-count')).toHaveTextContent('3 条评论');
    expect(screen.getByRole('heading', { name: /AI 分析/ })).toBeVisible();
    expect(screen.getByText('暂无 AI 分析。')).toBeVisible();
    expect(screen.getByRole('list', { name: '标签' })).toBeVisible();

    expect(untranslated(screen.getByText('Ada Lovelace'))).not.toBeNull();
    expect(untranslated(screen.getByText('Thresholds near one percent.'))).not.toBeNull();
    expect(untranslated(screen.getByTestId('post-content'))).not.toBeNull();
    expect(untranslated(screen.getByText('#physics'))).not.toBeNull();
  });

  it('names an untitled post in Chinese, and does not mark that name as user content', async () => {
    await changeLanguage('zh-CN');
    routeFetch({ 'GET /media/post-1': () => jsonResponse(makePostDetail({ title: '  ' })) });
    renderWithProviders(<Detail />);

    const title = await screen.findByRole('heading', { level: 1, name: '无标题帖子' });
    await waitFor(() => expect(untranslated(title)).toBeNull());
  });
});
