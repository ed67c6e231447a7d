import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { type Client, useClient } from 'urql';
import { errorMessage } from '../../lib/errors.ts';
import { CancelPendingFilesMutation, CompleteUploadMutation, GenerateUploadUrlMutation, type UploadedFile } from './graphql.ts';
import { anyUploadBusy, type UploadApi, uploadQueueFor } from './upload-queue.ts';

/** The queue's server calls on the application's GraphQL client; a failure becomes an Error with the server's message. */
const uploadApi = (client: Client): UploadApi<UploadedFile> => ({
  generateUploadUrl: async (input) => {
    const result = await client.mutation(GenerateUploadUrlMutation, { input }).toPromise();
    const answer = result.data?.generateUploadUrl;
    if (result.error || !answer) throw new Error(errorMessage(result.error));
    return { ...answer, headers: answer.headers };
  },
  completeUpload: async (fileId) => {
    const result = await client.mutation(CompleteUploadMutation, { fileId }).toPromise();
    const file = result.data?.completeUpload;
    if (result.error || !file) throw new Error(errorMessage(result.error));
    return file;
  },
  cancelPendingFiles: async (fileUploadId, fileIds) => {
    const result = await client.mutation(CancelPendingFilesMutation, { fileUploadId, fileIds }).toPromise();
    if (result.error) throw new Error(errorMessage(result.error));
  },
});

/** Asks before the page unloads while a file is still on its way (the browser shows its own question). */
const warnBeforeUnload = (event: BeforeUnloadEvent) => {
  if (!anyUploadBusy()) return;
  event.preventDefault();
  event.returnValue = '';
};

/** The batch's upload queue and what it holds now; the page asks before closing while files are on their way. */
export const useUploadQueue = (fileUploadId: string) => {
  const client = useClient();
  const api = useMemo(() => uploadApi(client), [client]);
  const queue = useMemo(() => uploadQueueFor(fileUploadId, api), [fileUploadId, api]);
  const entries = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  useEffect(() => {
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => window.removeEventListener('beforeunload', warnBeforeUnload);
  }, []);
  return { queue, entries };
};
