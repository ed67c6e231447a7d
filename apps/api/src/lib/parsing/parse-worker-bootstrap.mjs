// Worker-thread entry when the server runs from TypeScript source (decision 0005). On Node 20 a worker does not
// inherit the parent's module hooks, not even through execArgv, so the worker registers tsx itself before loading
// the TypeScript worker. Started only by run-parse-in-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
