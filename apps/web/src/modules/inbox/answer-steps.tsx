import { submitRefusal } from '@tidewise/shared/requests/statuses';
import { Download, FileUp, Replace, Send, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AnswerFiles } from './answer-files.tsx';
import { CreateAnswerUploadMutation, type InboxRequest, RequestTemplateMutation, UpdateRequestMutation } from './graphql.ts';
import { type AnswerState, isSupplierTurn, nameList } from './inbox-logic.ts';

/** Sends the browser to the download; the signed link answers with the file as an attachment. */
const goTo = (url: string) => window.location.assign(url);

const UPDATE_CONTEXT = { additionalTypenames: ['CalendarTask', 'FileUpload'] };

/** The name of a new answer upload. */
export const answerUploadName = (title: string) => `${title} – answer`;

/** Why Submit is not offered yet, in words, or null when it is. */
export const submitHint = (task: Pick<InboxRequest, 'status' | 'allowedTransitions'>, answer: AnswerState, customer: string) => {
  if (task.status === 'submitted') return `Submitted: ${customer} is reviewing it.`;
  if (task.status === 'accepted') return `${customer} accepted it.`;
  if (task.status === 'cancelled') return `${customer} withdrew the request.`;
  if (!task.allowedTransitions.includes('submitted')) return 'It cannot be submitted now.';
  if (answer.kind === 'none') return 'Upload your answer first.';
  if (answer.kind === 'empty') return 'Add your file to the answer first.';
  if (answer.kind === 'reading') return `Wait until ${nameList(answer.files)} ${answer.files.length === 1 ? 'is' : 'are'} read.`;
  if (answer.kind === 'to-validate') return `Map and validate ${nameList(answer.files)} first.`;
  return null;
};

const Step = ({ n, title, done, children }: { n: number; title: string; done?: boolean; children: ReactNode }) => (
  <li className="flex gap-3">
    <span
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
        done ? 'border-success bg-success/10 text-success' : 'border-border',
      )}
      aria-hidden="true"
    >
      {n}
    </span>
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <h3 className="font-semibold leading-7">
        {title}
        {done ? <span className="sr-only"> (done)</span> : null}
      </h3>
      {children}
    </div>
  </li>
);

/**
 * The supplier's three steps: download the prefilled template, upload the answer (then map and validate it
 * on the upload's screens), submit it to the customer. Each refusal of the server shows in the alert with
 * its own message (for example a file that is not validated).
 */
export const AnswerSteps = ({
  task,
  answer,
  canUpdate,
  canUpload,
  onFailure,
  onDone,
  onDownload = goTo,
}: {
  task: InboxRequest;
  answer: AnswerState;
  canUpdate: boolean;
  canUpload: boolean;
  onFailure: (message: string | null) => void;
  /** What was done; with the status it left the request in, the message goes once the status moves on. */
  onDone: (message: string, status?: string) => void;
  onDownload?: (url: string) => void;
}) => {
  const navigate = useNavigate();
  const customer = task.customerOrganization.name;
  const [template, fetchTemplate] = useMutation(RequestTemplateMutation);
  const [creating, createUpload] = useMutation(CreateAnswerUploadMutation);
  const [updating, update] = useMutation(UpdateRequestMutation);
  const [dialog, setDialog] = useState<'replace' | null>(null);
  const upload = task.responseUpload;
  const open = isSupplierTurn(task.status);
  const final = task.status === 'accepted' || task.status === 'cancelled';

  const download = async () => {
    onFailure(null);
    const result = await fetchTemplate({ calendarTaskId: task.id });
    const failure = mutationFailure(result, (d) => d.calendarTaskTemplate);
    const link = result.data?.calendarTaskTemplate;
    if (failure || !link) return onFailure(failure ?? 'The template could not be prepared.');
    onDone(`Downloading ${link.fileName}.`);
    onDownload(link.url);
  };

  const startAnswer = async () => {
    onFailure(null);
    const result = await createUpload({ input: { name: answerUploadName(task.title), calendarTaskId: task.id } }, UPDATE_CONTEXT);
    const failure = mutationFailure(result, (d) => d.createFileUpload);
    const created = result.data?.createFileUpload;
    if (failure || !created) return failure ?? 'The answer could not be started.';
    navigate(`/app/uploads/${created.id}`);
    return null;
  };

  const changeStatus = async (status: 'submitted' | 'in_progress', done: string) => {
    onFailure(null);
    const result = await update({ input: { id: task.id, status } }, UPDATE_CONTEXT);
    const failure = mutationFailure(result, (d) => d.updateCalendarTask);
    if (!failure) onDone(done, status);
    return failure;
  };

  const hint = submitHint(task, answer, customer);
  // Submit follows the server's allowed transitions and the shared rule that an asked-for file is attached; the
  // hint says what else is missing, and the server's refusal names it (a file not validated, say).
  const canSubmit =
    canUpdate &&
    task.allowedTransitions.includes('submitted') &&
    submitRefusal({ requiredUploadPurpose: task.requiredUploadPurpose, responseUploadId: task.responseUploadId }) === null;
  const answerReady = answer.kind === 'ready' || answer.kind === 'invalid';
  const canTakeBack = canUpdate && task.status === 'submitted' && task.allowedTransitions.includes('in_progress');

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Your answer</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-6">
          <Step n={1} title="Download the template">
            <p className="text-sm text-muted-foreground">
              An Excel file with the columns {customer} needs, already filled with the rows they know. Fill in the rest.
            </p>
            <Button variant="outline" className="self-start" onClick={download} disabled={template.fetching}>
              {template.fetching ? <Spinner label="Preparing the template" /> : <Download aria-hidden="true" />}
              Download template
            </Button>
          </Step>

          <Step
            n={2}
            title="Upload your answer"
            done={answer.kind === 'ready' || task.status === 'submitted' || task.status === 'accepted'}
          >
            {upload ? (
              <>
                <p className="text-sm text-muted-foreground">
                  {open
                    ? 'Map each file to the fields asked for and validate it. Files of this answer are already set to the data asked for.'
                    : 'The files of your answer.'}
                </p>
                <AnswerFiles uploadId={upload.id} files={upload.files} editable={open && canUpload} />
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="outline">
                    <Link to={`/app/uploads/${upload.id}`}>
                      <FileUp aria-hidden="true" />
                      {open && canUpload ? 'Open the answer upload' : 'See the answer upload'}
                    </Link>
                  </Button>
                  {open && canUpload ? (
                    <Button variant="ghost" onClick={() => setDialog('replace')}>
                      <Replace aria-hidden="true" />
                      Replace answer
                    </Button>
                  ) : null}
                </div>
              </>
            ) : final ? (
              <p className="text-sm text-muted-foreground">No answer was uploaded.</p>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">
                  Upload the filled-in template (or your own CSV or Excel file). You then map its columns and validate it; nothing is shared
                  with {customer} until you submit.
                </p>
                {canUpload ? (
                  <Button className="self-start" onClick={async () => onFailure(await startAnswer())} disabled={creating.fetching || !open}>
                    {creating.fetching ? <Spinner label="Starting" /> : <FileUp aria-hidden="true" />}
                    Upload your answer
                  </Button>
                ) : (
                  <p className="text-sm text-muted-foreground">You may not upload files; ask a colleague who can.</p>
                )}
              </>
            )}
          </Step>

          <Step n={3} title={`Submit to ${customer}`} done={task.status === 'submitted' || task.status === 'accepted'}>
            {final ? null : (
              <>
                {hint ? (
                  <p className="text-sm text-muted-foreground" id="submit-hint">
                    {hint}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {canTakeBack ? (
                    <Button
                      variant="outline"
                      onClick={async () => onFailure(await changeStatus('in_progress', 'You took your answer back.'))}
                      disabled={updating.fetching}
                    >
                      <Undo2 aria-hidden="true" />
                      Take back
                    </Button>
                  ) : task.status !== 'submitted' && canUpdate ? (
                    <Button
                      variant={answerReady ? 'default' : 'outline'}
                      className="h-auto min-h-10 max-w-full whitespace-normal text-left"
                      onClick={async () => onFailure(await changeStatus('submitted', `Submitted to ${customer}.`))}
                      disabled={!canSubmit || updating.fetching}
                      aria-describedby={hint ? 'submit-hint' : undefined}
                    >
                      <Send aria-hidden="true" />
                      {task.status === 'returned' ? `Resubmit to ${customer}` : `Submit to ${customer}`}
                    </Button>
                  ) : null}
                </div>
              </>
            )}
          </Step>
        </ol>
      </CardContent>

      <ConfirmDialog
        open={dialog === 'replace'}
        onOpenChange={(next) => !next && setDialog(null)}
        title="Replace your answer?"
        description="A new, empty answer upload is started for this request. The current one stays in your uploads but is no longer the answer."
        confirmLabel="Start a new answer"
        destructive={false}
        onConfirm={startAnswer}
      />
    </Card>
  );
};
