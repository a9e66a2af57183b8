import { sampleSource } from '../../store/sampleSource';
import { useStore } from '../../store/store';
import type { Sample } from './samples';

/** Where the app fetches a sample from: public/samples, under the app's base. */
const sampleUrl = (file: string): string => `${import.meta.env.BASE_URL}samples/${file}`;

/** Opens a sample under its own source (`samples/<file>`), so the page names it by its file. No React here: the start-up load runs before it loads. */
export function openSample(sample: Sample, conversation?: number): Promise<void> {
  return useStore.getState().loadUrl(sampleUrl(sample.file), sampleSource(sample.file), undefined, conversation);
}
