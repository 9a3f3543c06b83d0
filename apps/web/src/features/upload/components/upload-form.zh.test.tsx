import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_FILE_BYTES } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { zhCN } from '@/locales/zh-CN';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { installFakeXhr } from '../api/fake-xhr';
import { UploadScreen } from './upload-screen';

function makeFile(name: string, size = 1024): File {
  const file = new File(['x'], name, { lastModified: 1 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  installFakeXhr();
  authStore.signIn('tok', makeCurrentUser());
});

describe('the upload form in Chinese', () => {
  it('says the drop zone, the limits, the file list and the fields in Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<UploadScreen />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(zhCN.screen.uploadTitle);
    expect(screen.getByText('将文件拖放到这里，或')).toBeVisible();
    expect(
      screen.getByText('最多 5 个文件，每个不超过 50 MB：论文、文档、图片、视频或音频。'),
    ).toBeVisible();

    fireEvent.change(screen.getByLabelText('选择文件'), {
      target: { files: [makeFile('notes.pdf'), makeFile('big.mp4', UPLOAD_MAX_FILE_BYTES + 1)] },
    });
    expect(screen.getByRole('heading', { name: '已选文件（1/5）' })).toBeVisible();
    // The file name is the member's own: marked so that no translation touches it.
    expect(screen.getByText('notes.pdf')).toHaveAttribute('translate', 'no');
    expect(screen.getByRole('button', { name: '移除 notes.pdf' })).toHaveTextContent('移除');
    // The shared rule's message, in Chinese, with the file's name in it.
    expect(within(screen.getByRole('alert')).getByText(/big\.mp4/)).toHaveTextContent(
      zhCN.messages.uploadFileTooLarge.replace('{{name}}', 'big.mp4'),
    );

    await userEvent.click(screen.getByRole('button', { name: '添加元数据' }));
    expect(screen.getByRole('group', { name: '帖子信息' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^标题/ })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^AI 指令/ })).toBeVisible();
    expect(screen.getByRole('button', { name: '上传文件' })).toBeVisible();
  });
});
