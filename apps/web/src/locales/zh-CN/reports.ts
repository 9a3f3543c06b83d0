import type { reports as en } from '../en/reports';
import type { Translation } from '../types';

export const reports: Translation<typeof en> = {
  report: '举报',
  subject: {
    post: '帖子“<name>{{name}}</name>”',
    comment: '<name>{{name}}</name> 的评论',
    review: '<name>{{name}}</name> 的评审',
    anonymousReview: '一条匿名评审',
    review_response: '<name>{{name}}</name> 对评审的回应',
    user: '用户 <name>{{name}}</name>',
  },
  untitledPost: '无标题帖子',
  dialog: {
    title: {
      post: '举报此帖子',
      comment: '举报此评论',
      review: '举报此评审',
      review_response: '举报此回应',
      user: '举报此用户',
    },
    description: '你正在举报<subject></subject>。版主会看到你的举报，作者不会知道是谁举报的。',
    submit: '提交举报',
    pending: '提交中…',
    why: '举报原因',
    chooseReason: '请选择举报原因',
    note: '给版主的备注',
    noteLength: '{{length}} / {{max}} 字',
  },
  reasons: {
    spam: {
      label: '垃圾信息',
      hint: '广告、诈骗，或反复发布相同的内容。',
    },
    abuse: {
      label: '辱骂或骚扰',
      hint: '针对他人的侮辱、威胁或仇恨言论。',
    },
    off_topic: {
      label: '偏离主题',
      hint: '与研究或当前讨论无关。',
    },
    plagiarism: {
      label: '抄袭',
      hint: '把他人的成果当作作者自己的。',
    },
    other: {
      label: '其他问题',
      hint: '请在备注中说明问题所在。',
    },
  },
  mine: {
    title: '我的举报',
    loading: '正在加载你的举报…',
    failed: '无法加载你的举报。',
    empty: '还没有举报',
    emptyText: '你举报的帖子、评论、评审或用户会显示在这里，并附上版主的处理结果。',
    loadMore: '加载更多',
    what: {
      post: '帖子',
      comment: '评论',
      review: '评审',
      review_response: '对评审的回应',
      user: '用户',
    },
    status: { open: '待处理', resolved: '已处理' },
    outcome: {
      open: '版主尚未处理。',
      dismiss: '已驳回：版主未发现需要处理的问题。',
      hide: '版主已隐藏你举报的内容。',
      delete: '版主已删除你举报的内容。',
      suspend: '版主已封禁该账号。',
    },
    reason: '原因：{{reason}}',
    note: '你的备注：',
    reported: '举报于',
    decided: '处理于',
    view: {
      post: '查看帖子',
      comment: '查看评论',
      review: '查看评审',
      review_response: '查看回应',
      user: '查看个人主页',
    },
  },
};
