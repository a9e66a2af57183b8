// Reading single fields of parsed JSON without casts, shared by the format adapters.
import type { ContentKind } from '../../model';

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Ids some sources write as numbers are compared as strings when linking. */
export function idOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** `image/png` -> image, `audio/wav` -> audio; any other or unknown media type is a file. */
export function mediaKind(mediaType: string | undefined): ContentKind {
  if (mediaType?.startsWith('image/') || mediaType === 'image') return 'image';
  if (mediaType?.startsWith('audio/') || mediaType === 'audio') return 'audio';
  return 'file';
}
