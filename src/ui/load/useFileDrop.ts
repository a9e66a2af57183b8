import { useRef, useState, type DragEvent } from 'react';
import { useStore } from '../../store/store';

const carriesFiles = (event: DragEvent): boolean => event.dataTransfer.types.includes('Files');

/** Several files dropped at once: msgscope opens one history at a time, the first; the others are named. */
export interface SeveralDropped {
  opened: string;
  others: string[];
}

/**
 * Dropping a file anywhere on the element loads it; `dragging` is true while a file is held over it. Of several
 * dropped at once the first is opened, and `severalDropped` says so until `dismissDropped` (or the next drop).
 */
export function useFileDrop() {
  const loadInput = useStore((s) => s.loadInput);
  const [dragging, setDragging] = useState(false);
  const [severalDropped, setSeveralDropped] = useState<SeveralDropped | null>(null);
  // dragenter/dragleave fire for every child crossed; count them to know when the pointer really left.
  const depth = useRef(0);

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const [file, ...others] = Array.from(event.dataTransfer.files);
      setSeveralDropped(file && others.length > 0 ? { opened: file.name, others: others.map((other) => other.name) } : null);
      if (file) void loadInput(file, file.name);
    },
  };
  return { dragging, dropHandlers, severalDropped, dismissDropped: () => setSeveralDropped(null) };
}
