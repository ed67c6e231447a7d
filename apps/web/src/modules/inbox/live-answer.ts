import type { AnswerFile, InboxRequest } from './graphql.ts';

/** What `fileUploadValidationUpdated` reports: the batch and each file's validation. */
type LiveValidation = { fileUploadId: string; files: readonly AnswerFile['validation'][] };

/**
 * The request with its answer's file validations as the live channel last reported them: a file being
 * validated moves to "Validated" on this screen without reading the whole request again. A report about
 * another upload (an answer since replaced) changes nothing.
 */
export const withLiveValidation = (task: InboxRequest, live: LiveValidation | null | undefined): InboxRequest => {
  const upload = task.responseUpload;
  if (!upload || !live || live.fileUploadId !== upload.id) return task;
  const byFile = new Map(live.files.map((v) => [v.fileId, v]));
  return {
    ...task,
    responseUpload: {
      ...upload,
      files: upload.files.map((file) => {
        const validation = byFile.get(file.id);
        return validation ? { ...file, validation: { ...file.validation, ...validation } } : file;
      }),
    },
  };
};
