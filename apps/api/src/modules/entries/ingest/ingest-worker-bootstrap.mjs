// Worker-thread entry when the server runs from TypeScript source (decision 0005): on Node 20 a worker does not
// inherit the parent's module hooks, so it registers tsx itself before loading the TypeScript worker. Started only
// by run-ingest-in-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./ingest-worker.ts');
