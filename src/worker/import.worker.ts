/// <reference lib="webworker" />
// Reading, parsing, linking and checks run here so that a large history never freezes the page.
import { requestFromName } from '../protocol/firstRequest';
import { createHandler } from './handler';
import type { WorkerRequest } from '../protocol/workerApi';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = createHandler((response, transfer = []) => scope.postMessage(response, transfer));

scope.onmessage = (event: MessageEvent<WorkerRequest>) => void handle(event.data);

const first = requestFromName(scope.name);
if (first) void handle(first);
