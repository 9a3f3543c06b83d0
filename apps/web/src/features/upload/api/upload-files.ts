import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  API_BASE_PATH,
  API_TIMEOUT_MS,
  MESSAGES,
  uploadResultSchema,
  type UploadResult,
  type Visibility,
} from '@symposia/shared';
import {
  ApiError,
  endSessionAfter401,
  errorFromAnswer,
  InvalidResponseError,
  multipartBody,
  parseAnswerBody,
} from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

const PATH = '/media/upload';

/** The post's metadata as typed in the form (spec §3 Post); empty texts are not sent. */
export type UploadMetadata = {
  title?: string;
  summary?: string;
  content?: string;
  /** Comma-separated, as typed. */
  tags?: string;
  ai_instruction?: string;
  visibility?: Visibility;
  /** The DOI of the work, as typed or pasted (a https://doi.org/ link is fine). */
  doi?: string;
};

export type UploadFilesInput = {
  files: readonly File[];
  metadata?: UploadMetadata;
  /** Percent (0–100) of the request body sent so far, from the browser's upload progress. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Without upload progress or an answer for this long, the upload is given up (spec §7: 30 s). */
  timeoutMs?: number;
};

/** The multipart body: the metadata first (so the server knows it before the bytes), then `files`. */
export function buildUploadBody(files: readonly File[], metadata: UploadMetadata = {}): FormData {
  const text = (value: string | undefined) => (value && value.trim() ? value : undefined);
  return multipartBody({
    title: text(metadata.title),
    summary: text(metadata.summary),
    content: text(metadata.content),
    tags: text(metadata.tags),
    ai_instruction: text(metadata.ai_instruction),
    visibility: metadata.visibility,
    doi: text(metadata.doi),
    files: [...files],
  });
}

/**
 * POST /media/upload (spec §7): multipart with the files as repeated `files` and the metadata,
 * bearer token attached. XMLHttpRequest rather than fetch, because only it reports upload progress.
 * Follows the api-client's semantics: the timeout message after 30 s without progress or answer,
 * ApiError with the server's `detail`, a 401 ends the session, an answer that breaks the contract
 * throws InvalidResponseError.
 */
export function uploadFiles({
  files,
  metadata,
  onProgress,
  signal,
  timeoutMs = API_TIMEOUT_MS,
}: UploadFilesInput): Promise<UploadResult> {
  return new Promise<UploadResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const sentToken = authStore.getState().token;
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    // The clock restarts with every bit of progress: a large upload on a slow line is not a
    // server that stopped answering.
    const armTimeout = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, timeoutMs);
    };
    const onAbortSignal = () => xhr.abort();
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbortSignal);
    };

    xhr.open('POST', `${API_BASE_PATH}${PATH}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (sentToken) xhr.setRequestHeader('Authorization', `Bearer ${sentToken}`);

    xhr.upload.onprogress = (event) => {
      armTimeout();
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, (event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      finish();
      const { data } = parseAnswerBody(xhr.responseText, xhr.getResponseHeader('Content-Type'));
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) endSessionAfter401(sentToken);
        reject(errorFromAnswer(xhr, data));
        return;
      }
      const parsed = uploadResultSchema.safeParse(data);
      if (parsed.success) resolve(parsed.data);
      else {
        reject(
          new InvalidResponseError(
            MESSAGES.invalidResponse('POST', PATH),
            z.prettifyError(parsed.error),
          ),
        );
      }
    };
    xhr.onerror = () => {
      finish();
      reject(new ApiError({ status: 0, kind: 'network', detail: MESSAGES.networkError }));
    };
    xhr.onabort = () => {
      finish();
      if (timedOut) {
        reject(new ApiError({ status: 0, kind: 'timeout', detail: MESSAGES.requestTimedOut }));
      } else {
        reject(signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
      }
    };

    signal?.addEventListener('abort', onAbortSignal, { once: true });
    armTimeout();
    xhr.send(buildUploadBody(files, metadata));
  });
}

/**
 * The upload as a mutation. An answer that breaks the contract is a defect and goes to the global
 * error screen; every other failure is shown in the form.
 */
export function useUploadFiles() {
  return useMutation({
    mutationFn: uploadFiles,
    throwOnError: (error) => error instanceof InvalidResponseError,
  });
}
