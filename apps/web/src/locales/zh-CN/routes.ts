import type { Translation } from '../types';
import type { routes as en } from '../en/routes';

export const routes: Translation<typeof en> = {
  titles: {
    forum: '社区论坛',
    author: '作者主页',
    myPage: '我的主页',
    register: '注册',
    moderation: '内容审核',
    post: '帖子',
    reviews: '待评审',
    forgotPassword: '忘记密码',
    resetPassword: '设置新密码',
    verifyEmail: '验证邮箱地址',
    orcid: '使用 ORCID 登录',
    unsubscribe: '退订',
  },
  forumPosts: '论坛帖子',
  goHome: '返回首页',
};
