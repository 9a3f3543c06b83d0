import type { Translation } from '../types';
import type { auth as en } from '../en/auth';

export const auth: Translation<typeof en> = {
  signIn: '登录',
  register: '注册',
  signInLead: '欢迎回来，登录后继续。',
  registerLead: '创建账号，即可发帖、评论并拥有个人主页。',
  username: '用户名',
  password: '密码',
  email: '邮箱',
  phone: '电话',
  passwordHint: '至少 {{min}} 个字符。',
  signingIn: '正在登录…',
  registering: '正在注册…',
  haveAccount: '已有账号？',
  newHere: '第一次来 Symposia？',
  signInAfterRegisterFailed: '账号已创建，但登录失败',
  logout: '退出登录',
  loggingOut: '正在退出…',
};
