import type { ComponentType } from 'react';
import type { MainView } from '../../store/viewSlice';
import { lazyModule, type LazyModule } from './lazyModule';

// The tables and the charts load when first opened, or when the pointer or focus reaches their button: the
// timeline's first paint carries none of their code.
export const VIEW_MODULES: Record<Exclude<MainView, 'timeline'>, LazyModule<{ default: ComponentType }>> = {
  table: lazyModule(() => import('../table/MessagesTableView')),
  tools: lazyModule(() => import('../tools/ToolsView')),
  tokens: lazyModule(() => import('../tokens/TokensView')),
};

/** Starts loading a view's code before it is opened. */
export const preloadView = (view: MainView): void => {
  if (view !== 'timeline') VIEW_MODULES[view].load().catch(() => undefined);
};
