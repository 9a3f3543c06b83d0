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
  notConnected: '未连接钱包',
  connectPrompt:
    '连接你的 Phantom 钱包即可用它的地址接收代币，也可以在申领表单中填写任意 Solana 地址。',
  copy: '复制',
  copyAddress: '复制地址',
  copied: '已复制',
  copyFailed: '无法复制，请选中地址后手动复制。',
};
