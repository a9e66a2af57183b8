import { useEffect, useState } from 'react';

// A module loaded on first use, by hand rather than with React.lazy: a lazy component suspends on its first render
// even when its chunk is already in, and React then holds the revealed Suspense boundary back for up to 300 ms
// (measured: 328 ms to the first table rows with the chunk preloaded, 358 ms without).

export type ModuleLoad<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'error'; message: string };

export interface LazyModule<T> {
  /** Starts the load (once: every caller shares it); a failed load is forgotten, so a later one retries. */
  load: () => Promise<T>;
  /** The module once it is in; the first render after that has it at once. */
  use: () => ModuleLoad<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const load = (): Promise<T> => {
    loading ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const use = (): ModuleLoad<T> => {
    const [failed, setFailed] = useState<string | null>(null);
    const [, setLoaded] = useState<T | null>(null);
    useEffect(() => {
      if (loaded !== undefined) return;
      let live = true;
      load().then(
        (module) => live && setLoaded(() => module),
        (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
      );
      return () => {
        live = false;
      };
    }, []);
    if (loaded !== undefined) return { status: 'ready', module: loaded };
    return failed === null ? { status: 'loading' } : { status: 'error', message: failed };
  };
  return { load, use };
}
