import { create } from 'zustand';
import { createFilterSlice, type FilterSlice } from './filterSlice';
import { createSelectionSlice, type SelectionSlice } from './selectionSlice';
import { createShareSlice, type ShareSlice } from './shareSlice';
import { createTranscriptSlice, type TranscriptSlice } from './transcriptSlice';
import { createViewSlice, type ViewSlice } from './viewSlice';

export type AppState = TranscriptSlice & SelectionSlice & FilterSlice & ViewSlice & ShareSlice;

export const useStore = create<AppState>()((...args) => ({
  ...createTranscriptSlice(...args),
  ...createSelectionSlice(...args),
  ...createFilterSlice(...args),
  ...createViewSlice(...args),
  ...createShareSlice(...args),
}));
