import type { wallet as en } from '../en/wallet';
import type { Translation } from '../types';

export const wallet: Translation<typeof en> = {
  walletTitle: '钱包',
  connectedWalletTitle: '钱包已连接',
  connectedWallet: '已连接的钱包',
  disconnect: '断开连接',
  address: '地址',
  network: '网络',
  networkLoading: '加载中…',
  networkUnknown: '未知网络',
  networks: {
    'mainnet-beta': 'Solana 主网',
    devnet: 'Solana 开发网',
    testnet: 'Solana 测试网',
    custom: 'Solana（自定义 RPC）',
    embedded: '本地链（内嵌）',
  },
  notConnected: '未连接钱包',
  connectPrompt:
    '连接你的 Phantom 钱包即可用它的地址接收代币，也可以在申领表单中填写任意 Solana 地址。',
  copy: '复制',
  copyAddress: '复制地址',
  copied: '已复制',
  copyFailed: '无法复制，请选中地址后手动复制。',
  linkedTitle: '已绑定的钱包',
  linkedNote:
    '奖励只会发放到你已绑定的钱包。绑定时钱包会请你签署一条消息，不产生费用，也不会发送任何交易。',
  linkedLoading: '正在加载已绑定的钱包…',
  linkedLoadFailed: '无法加载已绑定的钱包。',
  linkedEmpty: '尚未绑定钱包。',
  retry: '重试',
  linkThisWallet: '绑定此钱包',
  linking: '等待你的签名…',
  connectToLink: '请先连接 Phantom 钱包再进行绑定。',
  unlink: '解除绑定',
  unlinkAddress: '解除绑定 {{address}}',
  linkFailed: '钱包绑定失败，请重试。',
  signing: {
    rejected: '你拒绝了签名，钱包未绑定。',
    unsupported: '此钱包无法签署消息，请使用 Phantom 绑定钱包。',
    failed: '钱包未能签署该消息，请重试。',
  },
};
