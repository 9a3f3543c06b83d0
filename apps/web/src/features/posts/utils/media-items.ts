import type { ImageRendition, MediaType, PostDetail } from '@symposia/shared';

/**
 * `thumbnail`: a smaller image to show (an image's 1600 px rendition, a video's poster);
 * `renditions`: an image's 640 px and 1600 px renditions, for a srcset.
 */
export type MediaItem = {
  url: string;
  type: MediaType;
  name: string;
  thumbnail?: string | null;
  renditions?: readonly ImageRendition[];
};

/**
 * The carousel's items: the post's files with their own types, or, from an answer without files,
 * the spec's 'media list' all of the post's 'media type', named by `fileName` ("File 1").
 */
export function mediaItemsOf(post: PostDetail, fileName: (number: number) => string): MediaItem[] {
  if (post.files.length) {
    return post.files.map((file) => ({
      url: file.url,
      type: file.media_type,
      name: file.name,
      thumbnail: file.thumbnail,
      renditions: file.renditions,
    }));
  }
  return post['media list']
    .filter(Boolean)
    .map((url, index) => ({ url, type: post['media type'], name: fileName(index + 1) }));
}
