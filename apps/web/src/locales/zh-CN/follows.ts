import type { follows as enFollows } from '../en/follows';
import type { Translation } from '../types';

export const follows: Translation<typeof enFollows> = {
  follow: '关注',
  followTag: '关注标签',
  following: '已关注',
  signInToFollow: '请登录后关注作者和标签',
  empty: {
    title: '你关注的作者和标签还没有新帖子',
    text: '在作者的主页上关注作者，或在帖子的标签、按标签筛选的论坛中关注标签。他们的新帖子会显示在这里。',
    browse: '浏览全部帖子',
  },
  signIn: {
    title: '你的关注动态',
    text: '登录后即可查看你关注的作者和标签的新帖子。',
    action: '登录',
  },
};
