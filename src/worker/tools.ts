// Everything the worker does besides reading input: the core (parsing, every adapter, linking, rules)
// and the views built from its Transcript. Loaded as a chunk of its own while the input is read.
export { convertTranscript } from '../core/convert';
export { messageMarkdown } from '../core/convert/markdown';
export { detectedFormat, importArchive, importText, locateMessages } from '../core/import';
export { buildCards } from './cards';
export { buildDetail } from './detail';
export { imageData, needsCounter } from './detailBlocks';
export { facetCounts, searchInSlices } from './search';
export { buildView, viewBuffers } from './view';
