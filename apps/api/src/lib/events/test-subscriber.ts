/**
 * A second process for create-pubsub.test.ts: subscribes to one organization's topic through Redis
 * with the application's own pub/sub and prints `event <json>` for each event it receives.
 * Argument: JSON `{ redisUrl, topic, organizationId }`.
 */
import { createLogger } from '../logger.ts';
import { createAppPubSub } from './create-pubsub.ts';

type Args = { redisUrl: string; topic: string; organizationId: string };

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const pubsub = await createAppPubSub<Record<string, { message: string }>>({
  env: { REDIS_URL: args.redisUrl },
  logger: createLogger('silent'),
});
for await (const event of pubsub.subscribe(args.topic, args.organizationId)) {
  process.stdout.write(`event ${JSON.stringify(event)}\n`);
}
