import type { comments as en } from '../en/comments';
import type { Translation } from '../types';

export const comments: Translation<typeof en> = {
  section: {
    title: '评论',
    write: '发表评论',
    yourComment: '你的评论',
    list: '评论',
    loading: '正在加载评论…',
    loadMore: '加载更多评论',
    loadingMore: '正在加载更多评论…',
  },
  thread: {
    replies: '对 {{author}} 的回复',
    moreReplies_other: '展开其余 {{count}} 条回复',
    hideReplies: '收起回复',
  },
  editor: {
    hint: 'Ctrl+Enter（Mac 上为 ⌘+Enter）提交；Esc 取消。',
    submit: '提交',
    submitting: '正在提交…',
    cancel: '取消',
  },
  inlineEditor: {
    label: '编辑评论',
    hint: 'Enter 保存，Shift+Enter 换行，Esc 取消。',
    save: '保存',
    cancel: '取消',
  },
  item: {
    label: '{{author}} 的评论',
    edited: '编辑于',
    image: '{{author}} 附上的图片',
    reply: '回复',
    replyTo: ' <term>{{author}}</term>',
    replyLabel: '回复 {{author}}',
    edit: '编辑',
    editYours: '你的评论',
    delete: '删除',
    deleteWhose: ' <term>{{author}}</term> 的评论',
  },
  like: {
    by: '给 <term>{{author}}</term> 的评论点赞：',
    likes_other: ' 个赞',
  },
  remove: {
    title: '删除这条评论？',
    confirm: '删除',
    deleting: '正在删除…',
    own: '你的评论将被删除。',
    other: '<term>{{author}}</term> 的评论将被删除。',
    repliesStay: '它的回复会保留在“{{deleted}}”之下。此操作无法撤销。',
  },
  what: '评论',
};
