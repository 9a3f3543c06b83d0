import type { Translation } from '../types';
import type { notifications as en } from '../en/notifications';

export const notifications: Translation<typeof en> = {
  title: '通知',
  bellUnread: '通知，{{number}} 条未读',
  loading: '正在加载通知…',
  markAllRead: '全部标为已读',
  showOlder: '查看更早的通知',
  loadingOlder: '正在加载…',
  unread: '未读：',
  updateField: '通知',
  someone: '有人',
  actorsOthers_other: '{{name}} 等 {{count}} 人',
  describe: {
    comment: '{{who}}评论了你的帖子',
    reply: '{{who}}回复了你的评论',
    mention: '{{who}}提到了你',
    likePost: '{{who}}赞了你的帖子',
    likeComment: '{{who}}赞了你的评论',
    moderation: '来自版主的消息',
    reward_other: '你获得了 {{amount}} 个代币',
    rewardNoAmount: '你获得了一笔奖励',
    review: '{{who}}评审了你的帖子',
    reviewAnonymous: '你的帖子收到了一篇评审',
    reviewResponse: '{{who}}回应了你的评审',
    bountyOffered: '{{who}} 为你的帖子的评审悬赏了 {{amount}} 个代币',
    bountyAwarded: '你的评审获得了 {{amount}} 个代币的悬赏',
  },
  what: {
    post: '帖子',
    comment: '评论',
    account: '账号',
  },
  settings: {
    loading: '正在加载通知设置…',
    tellMeWhen: '以下情况通知我：',
    on: '开',
    off: '关',
    switches: {
      comment: { label: '评论', hint: '有人评论了你的帖子。' },
      reply: { label: '回复', hint: '有人回复了你的评论。' },
      mention: { label: '提及', hint: '有人用 @ 加你的用户名提到你。' },
      like: {
        label: '点赞',
        hint: '你的帖子或评论被点赞（每条内容每天最多通知一次）。',
      },
      moderation: {
        label: '版务',
        hint: '版主处理了你的内容或你的举报。',
      },
      reward: { label: '奖励', hint: '你获得了代币。' },
      review: { label: '评审', hint: '有人评审了你的帖子。' },
      review_response: { label: '评审回应', hint: '帖子作者回应了你的评审。' },
      bounty_offered: { label: '悬赏', hint: '有人为你的帖子的评审提供悬赏。' },
      bounty_awarded: { label: '悬赏奖励', hint: '你的评审获得了悬赏。' },
    },
  },
};
