import type { home as en } from '../en/home';
import type { Translation } from '../types';

export const home: Translation<typeof en> = {
  search: {
    label: '搜索论坛',
    submit: '探索',
  },
  about: {
    title: '关于 Symposia',
    paragraphs: [
      'Symposia 是一个学术社区，研究者和好奇的访客在这里分享研究成果——想法、实验视频、图片、论文与见解——并公开讨论。',
      '有价值的贡献经社区认可后可获得代币奖励，让推动领域前进的人共享他们创造的价值。',
      '每次上传都保存在去中心化存储（IPFS）上，并由 AI 进行分析：生成摘要、提出话题和标签，让优秀的成果易于发现，也更容易引发讨论。',
    ],
    providesTitle: '平台提供',
    provides: [
      '研究文件的 IPFS 去中心化存储',
      '对上传内容进行 AI 分析，生成摘要、要点和推荐标签',
      '支持点赞和楼中楼评论的论坛，便于公开的同行讨论',
      '可按板块设置隐私的作者主页',
      'Solana 钱包连接与代币申领',
    ],
  },
  features: {
    title: '平台特色',
    token: {
      title: '代币奖励机制',
      text: '有价值的贡献——想法、实验视频、见解——都能为作者赢得代币奖励。',
    },
    ai: {
      title: 'AI 内容生成',
      text: 'AI 会阅读你上传的内容，生成摘要以及讨论话题和标签。',
    },
    community: {
      title: '学术社区',
      text: '研究者与访客围绕共享的成果相聚，关注作者，建立自己的公开主页。',
    },
    review: {
      title: '开放讨论与同行评议',
      text: '每个帖子都开放评论、回复和点赞，让社区公开评议研究成果。',
    },
  },
  statsTitle: 'Symposia 数据一览',
  stats: ['研究者', '研究成果', '讨论', '已发放代币'],
  ctaText: '分享你的研究，与同行讨论，并凭有价值的贡献赢得代币奖励。',
  register: '立即注册',
};
