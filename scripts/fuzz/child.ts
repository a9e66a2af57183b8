// The process the inputs run in, with its own heap limit: the parent sends one input at a time and kills
// this process when an input overruns its time. Before each stage it writes the stage's name to fd 4 with
// a synchronous write, so that the name is out even when the stage then never returns.
import { writeSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import type { HeapPeak } from './ledger';
import { runPipeline } from './pipeline';
import type { ChildReply, ChildRequest } from './protocol';

const BREADCRUMBS = 4;

function breadcrumb(id: number, stage: string): void {
  try {
    writeSync(BREADCRUMBS, `${id}\t${stage}\n`);
  } catch {
    // The parent reads promptly; a full pipe only costs a stage name.
  }
}

function reply(message: ChildReply): void {
  process.send?.(message);
}

process.on('message', (request: ChildRequest) => {
  const { id, bytes, options } = request;
  // The heap is sampled between stages (cheap: no system call): what the stage that just ran left in use.
  let previous = 'start';
  const heapPeak: HeapPeak = { stage: previous, bytes: 0 };
  const sample = (next: string) => {
    const used = getHeapStatistics().used_heap_size;
    if (used > heapPeak.bytes) Object.assign(heapPeak, { stage: previous, bytes: used });
    previous = next;
  };
  const report = runPipeline(bytes, options, (stage) => {
    sample(stage);
    breadcrumb(id, stage);
  });
  sample('done');
  breadcrumb(id, 'done');
  const memory = process.memoryUsage();
  reply({ type: 'result', id, report, rss: memory.rss, heapUsed: memory.heapUsed, maxRss: process.resourceUsage().maxRSS * 1024, heapPeak });
});

reply({ type: 'ready' });
