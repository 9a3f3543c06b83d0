import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { zhCN } from '@/locales/zh-CN';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { ApiError, InvalidResponseError, api } from './api-client';
import { changeLanguage } from './i18n';
import { localizeMessage, localizedDetail } from './localize-message';

const failedCall = (body: unknown, status: number) => {
  mockFetch(() => jsonResponse(body, status));
  return api.get('/x').catch((error: unknown) => error);
};

describe('localizeMessage', () => {
  it('keeps the English text in English', () => {
    expect(localizeMessage(MESSAGES.postNotFoundTitle)).toBe(MESSAGES.postNotFoundTitle);
    expect(localizeMessage(MESSAGES.tooManyUploads(600))).toBe(MESSAGES.tooManyUploads(600));
  });

  it('reads a message in Chinese by its English text, values filled in', async () => {
    await changeLanguage('zh-CN');
    expect(localizeMessage(MESSAGES.postNotFoundTitle)).toBe(zhCN.messages.postNotFoundTitle);
    expect(localizeMessage(MESSAGES.tooManyUploads(600))).toBe('上传过于频繁，请 10 分钟后再试。');
    expect(localizeMessage(MESSAGES.maxLength(200))).toBe('最多 200 个字符');
    expect(localizeMessage(MESSAGES.reportOutcomeNotice.hide)).toBe(
      zhCN.messages.reportOutcomeNotice.hide,
    );
    // {{count}} is a value here, not a plural: the text is found all the same.
    expect(localizeMessage(MESSAGES.commonPassword(100_000))).toBe(
      '是最常见的 100,000 个密码之一，请换一个更难猜到的密码',
    );
  });

  it('prefers the code it is given, and leaves texts without a code as they are', async () => {
    await changeLanguage('zh-CN');
    expect(localizeMessage('whatever', { code: 'atMost', values: { max: '5' } })).toBe(
      '不能大于 5',
    );
    expect(localizeMessage('Some framework wording')).toBe('Some framework wording');
    // A code a newer server sends that this app does not know: the server's text.
    expect(localizeMessage('New text', { code: 'somethingNew' })).toBe('New text');
  });
});

describe('localizedDetail', () => {
  it("reads an error answer's code and values into the ApiError, keeping detail in English", async () => {
    const error = (await failedCall(
      {
        detail: MESSAGES.tooManyUploads(45),
        code: 'tooManyUploadsSeconds',
        values: { seconds: '45' },
      },
      429,
    )) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      detail: MESSAGES.tooManyUploads(45),
      code: 'tooManyUploadsSeconds',
      values: { seconds: '45' },
    });
    expect(localizedDetail(error)).toBe(MESSAGES.tooManyUploads(45));
    await changeLanguage('zh-CN');
    expect(localizedDetail(error)).toBe('上传过于频繁，请 45 秒后再试。');
  });

  it("shows a 422's field problem in Chinese after the field's API name", async () => {
    const error = (await failedCall(
      {
        detail: `title: ${MESSAGES.maxLength(200)}`,
        errors: [
          {
            field: 'title',
            message: MESSAGES.maxLength(200),
            code: 'maxLength',
            values: { max: '200' },
          },
        ],
      },
      422,
    )) as ApiError;

    expect(error.errors).toEqual([
      {
        field: 'title',
        message: MESSAGES.maxLength(200),
        code: 'maxLength',
        values: { max: '200' },
      },
    ]);
    await changeLanguage('zh-CN');
    expect(localizedDetail(error)).toBe('title: 最多 200 个字符');
    expect(localizeMessage(error.errors[0]!.message, error.errors[0])).toBe('最多 200 个字符');
  });

  it('translates our own messages and those of an answer without a code', async () => {
    await changeLanguage('zh-CN');
    const network = new ApiError({ status: 0, kind: 'network', detail: MESSAGES.networkError });
    expect(localizedDetail(network)).toBe(zhCN.messages.networkError);
    const old = await failedCall({ detail: MESSAGES.postNotFoundTitle }, 404);
    expect(localizedDetail(old)).toBe('帖子不存在');
    const invalid = new InvalidResponseError(MESSAGES.invalidResponse('GET', '/x'), 'details');
    expect(localizedDetail(invalid)).toBe('GET /x 返回了意外的响应');
    expect(localizedDetail('not an error')).toBe(zhCN.messages.unexpectedError);
  });

  it('ignores a malformed code or values', async () => {
    const error = (await failedCall(
      { detail: 'Bad Gateway', code: 42, values: { n: 1 } },
      502,
    )) as ApiError;
    expect(error.code).toBeUndefined();
    expect(error.values).toBeUndefined();
    const numbers = (await failedCall(
      { detail: MESSAGES.notFound, code: 'notFound', values: { n: 1 } },
      404,
    )) as ApiError;
    expect(numbers).toMatchObject({ code: 'notFound', values: undefined });
  });
});
