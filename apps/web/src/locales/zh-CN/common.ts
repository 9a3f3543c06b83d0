import type { Translation } from '../types';
import type { common as en } from '../en/common';

export const common: Translation<typeof en> = {
  orcid: {
    badge: 'ORCID iD {{orcid}}，已验证：打开公开的 ORCID 记录',
    verified: '已通过 ORCID 登录验证',
  },
  trust: {
    badge: '信任等级 {{level}}：{{name}}',
    explain: '社区对该成员的信任程度，来自社区已信任的成员对其的点赞与评论。',
    levels: { new: '新人', basic: '基础', member: '成员', trusted: '受信任' },
  },
  reviewStatus: {
    validated: '已验证',
    disputed: '有争议',
    in_review: '评审中',
    unreviewed: '未评审',
    explain: {
      validated: '受信任的评审人认为当前版本成立。',
      disputed: '评审人对当前版本意见不一。',
      in_review: '当前版本的评审正在进行。',
      unreviewed: '尚无人评审此帖子。',
    },
  },
  language: {
    label: '语言',
    choose: '选择界面语言',
  },
  nav: {
    main: '主导航',
    home: '首页',
    forum: '论坛',
    reviews: '评审',
    upload: '上传',
    tokens: '代币',
    myPage: '我的主页',
    moderation: '内容审核',
    menu: '菜单',
    closeMenu: '关闭',
  },
  skipToContent: '跳到主要内容',
  footer: {
    copyright: '© {{year}} Symposia。保留所有权利。',
    links: '法律与联系',
    privacy: '隐私政策',
    terms: '使用条款',
    contact: '联系我们',
    comingSoon: '即将推出',
  },
  actions: {
    retry: '重试',
    back: '返回',
    cancel: '取消',
    close: '关闭',
  },
  error: {
    title: '错误',
    details: '详细信息',
  },
  loading: '加载中',
  navigationPending: '正在加载页面…',
  field: {
    optional: '（选填）',
  },
  postFields: {
    title: '标题',
    summary: '摘要',
    content: '正文',
    tags: '标签',
    tagsHint: '多个标签用逗号分隔，例如：物理, 机器学习。',
    doi: 'DOI',
    doiHint: '已发表作品的 DOI（如有），也可以粘贴它的 DOI 链接；没有则留空。',
    aiInstruction: 'AI 指令',
    aiInstructionHint: '希望 AI 分析重点关注的内容。',
  },
  visibility: {
    legend: '可见范围',
    public: '公开',
    publicHint: '所有人都能找到并阅读这篇帖子。',
    private: '私密',
    privateHint: '只有你自己能看到这篇帖子。',
  },
  image: {
    unavailable: '图片无法显示',
    named: '{{alt}}（{{state}}）',
    avatar: '{{name}} 的头像',
  },
  richText: {
    preview: '预览',
    previewMark: '（预览）',
    previewEmpty: '还没有可预览的内容。',
    markdownHint: '支持 Markdown 和 LaTeX 数学公式：行内公式用 $…$，独立公式用 $$…$$。',
    image: '图片',
    footnotes: '脚注',
    backToReference: '返回引用处 {{reference}}',
  },
  /** The toasts' region (Alt+T moves focus into it). */
  toasts: {
    region: '通知 Alt+T',
    close: '关闭',
    timer: '此通知自动关闭前的剩余时间',
  },
};
