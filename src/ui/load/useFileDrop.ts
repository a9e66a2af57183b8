import { useRef, useState, type DragEvent } from 'react';
import { useStore } from '../../store/store';

const carriesFiles = (event: DragEvent): boolean => event.dataTransfer.types.includes('Files');

/** Dropping a file anywhere on the element loads it; `dragging` is true while a file is held over it. */
export function useFileDrop() {
  const loadInput = useStore((s) => s.loadInput);
  const [dragging, setDragging] = useState(false);
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
      const file = event.dataTransfer.files[0];
      if (file) void loadInput(file, file.name);
    },
  };
  return { dragging, dropHandlers };
}
