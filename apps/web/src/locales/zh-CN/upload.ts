import type { upload as en } from '../en/upload';
import type { Translation } from '../types';

export const upload: Translation<typeof en> = {
  lead: '分享你的研究：文件按内容地址存储在 IPFS 上，AI 分析会为论坛生成摘要。',
  formLabel: '上传文件',
  dropText: '将文件拖放到这里，或',
  chooseFiles: '选择文件',
  limits:
    '最多 {{maxFiles}} 个文件，每个不超过 {{maxMegabytes}} MB：论文、文档、图片、视频或音频。',
  selected: '已选文件（{{selected}}/{{max}}）',
  remove: '移除',
  removeFile: '移除 {{name}}',
  addMetadata: '添加元数据',
  hideMetadata: '收起元数据',
  postDetails: '帖子信息',
  submit: '上传文件',
  uploading: '上传中…',
  progress: '上传进度',
  success: {
    accepted: '上传已受理',
    done: '上传成功',
    status: '状态',
    message: '消息',
    time: '时间',
    viewPost: '查看帖子',
  },
  status: {
    processing: '处理中',
    published: '已发布',
  },
};
