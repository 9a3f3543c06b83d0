import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MESSAGES,
  UPLOAD_PENDING_POST_ID,
  UPLOAD_RESET_AFTER_MS,
  type UploadResult,
} from '@symposia/shared';
import { ApiError, type FieldError } from '@/lib/api-client';
import { useUploadFiles, type UploadMetadata } from '../api/upload-files';
import { trackUpload, type UploadTracker } from '../utils/track-upload';

export const PENDING_POST_ID = UPLOAD_PENDING_POST_ID;

/** What the screen shows while the server has not answered after the fallback time (spec §4). */
export const PENDING_RESULT: UploadResult = {
  post_id: PENDING_POST_ID,
  status: 'processing',
  message: MESSAGES.uploadPending,
};

export type UploadOutcome =
  | { kind: 'success'; result: UploadResult; receivedAt: Date }
  | { kind: 'error'; message: string; fieldErrors: FieldError[] };

/** Spec §8 Upload failure: the server's message, else the error text, else 'upload failed'. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.uploadFailed;
}

type UseUploadOptions = {
  /**
   * Clears the form and takes the uploaded files out of the selection; runs
   * UPLOAD_RESET_AFTER_MS after a success. Files picked in the meantime are the caller's to keep.
   */
  onReset: (uploaded: readonly File[]) => void;
  /** The server refused the upload naming fields (a 422's `errors`); the form shows them. */
  onFieldErrors?: (fieldErrors: FieldError[]) => void;
};

/**
 * One upload at a time through its states (spec §4 Upload): uploading with progress, then success
 * or error. After UPLOAD_FALLBACK_SUCCESS_MS without an answer the upload is shown as accepted
 * (post_id 'pending'); the real answer replaces that when it arrives. The form resets
 * UPLOAD_RESET_AFTER_MS after the (first) success; the success box stays.
 */
export function useUpload({ onReset, onFieldErrors }: UseUploadOptions) {
  const mutation = useUploadFiles();
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const tracker = useRef<UploadTracker | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnReset = useRef(onReset);
  const latestOnFieldErrors = useRef(onFieldErrors);

  useEffect(() => {
    latestOnReset.current = onReset;
    latestOnFieldErrors.current = onFieldErrors;
  });

  useEffect(
    () => () => {
      tracker.current?.stop();
      clearTimeout(resetTimer.current);
    },
    [],
  );

  const scheduleReset = useCallback((uploaded: readonly File[]) => {
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => latestOnReset.current(uploaded), UPLOAD_RESET_AFTER_MS);
  }, []);

  const { mutate, isPending } = mutation;

  const upload = useCallback(
    (files: readonly File[], metadata: UploadMetadata) => {
      if (isPending) return;
      clearTimeout(resetTimer.current);
      setOutcome(null);
      setProgress(0);
      const clocks = trackUpload({
        onProgress: setProgress,
        onFallback: () => {
          setOutcome({ kind: 'success', result: PENDING_RESULT, receivedAt: new Date() });
          scheduleReset(files);
        },
      });
      tracker.current = clocks;
      mutate(
        { files, metadata, onProgress: clocks.reportProgress },
        {
          onSuccess: (result) => {
            const { fellBack } = clocks.settle();
            setProgress(100);
            setOutcome({ kind: 'success', result, receivedAt: new Date() });
            if (!fellBack) scheduleReset(files);
          },
          onError: (error) => {
            clocks.settle();
            setProgress(null);
            const fieldErrors = error instanceof ApiError ? error.errors : [];
            setOutcome({ kind: 'error', message: uploadErrorMessage(error), fieldErrors });
            if (fieldErrors.length > 0) latestOnFieldErrors.current?.(fieldErrors);
          },
        },
      );
    },
    [isPending, mutate, scheduleReset],
  );

  /** Hides a previous failure, e.g. once new files are picked. */
  const dismissError = useCallback(() => {
    setOutcome((current) => (current?.kind === 'error' ? null : current));
  }, []);

  return { upload, uploading: isPending, progress, outcome, dismissError };
}
