import { CircleCheck, Info } from 'lucide-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { z } from 'zod';
import { mutationError } from '../../lib/errors.ts';
import { formatNumber } from '../../lib/format.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, SelectField, setServerError, useZodForm } from '../../ui/form.tsx';
import { PublishPactFootprintsMutation, type PublishResult } from './graphql.ts';
import { publishYears } from './pact-format.ts';

const publishSchema = z.object({ year: z.string().regex(/^\d{4}$/, 'Pick a year.') });

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPublished: () => void;
  onOpenFootprint: (id: string) => void;
};

/** "Publish footprints": a year, then what publishing did. Each opening starts afresh. */
export const PublishDialog = (props: Props) => (props.open ? <PublishForm {...props} /> : null);

const PublishForm = ({ onOpenChange, onPublished, onOpenFootprint }: Omit<Props, 'open'>) => {
  const form = useZodForm(publishSchema, { defaultValues: { year: String(new Date().getFullYear() - 1) } });
  const [, publish] = useMutation(PublishPactFootprintsMutation);
  const [outcome, setOutcome] = useState<{ year: number; result: PublishResult } | null>(null);
  const pending = form.formState.isSubmitting;

  const submit = async ({ year }: z.output<typeof publishSchema>) => {
    const answer = await publish({ input: { year: Number(year) } });
    if (
      setServerError(
        form,
        mutationError(answer, (d) => d.publishPactFootprints),
      )
    )
      return;
    if (!answer.data) return;
    setOutcome({ year: Number(year), result: answer.data.publishPactFootprints });
    onPublished();
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        {outcome ? (
          <PublishOutcome {...outcome} onOpenFootprint={onOpenFootprint} onClose={() => onOpenChange(false)} />
        ) : (
          <Form form={form} onSubmit={submit} idPrefix="publish" className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Publish footprints</DialogTitle>
              <DialogDescription>
                The year’s completed emission run becomes one footprint per ship type of your fleet (its transport service), in kg CO2e per
                tonne-kilometre, with its data quality and primary data share. A changed figure makes a new version and deprecates the old
                one; an unchanged one stays as it is.
              </DialogDescription>
            </DialogHeader>
            <FormAlert control={form.control} />
            <SelectField control={form.control} name="year" label="Reference year">
              {publishYears().map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </SelectField>
            <FormDialogFooter pending={pending} pendingLabel="Publishing" onCancel={() => onOpenChange(false)}>
              Publish
            </FormDialogFooter>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
};

/** What publishing a year did: the new footprints and versions, how many stayed unchanged, or why nothing was published. */
const PublishOutcome = ({
  year,
  result,
  onOpenFootprint,
  onClose,
}: {
  year: number;
  result: PublishResult;
  onOpenFootprint: (id: string) => void;
  onClose: () => void;
}) => {
  const { published, unchanged, message } = result;
  const summary =
    published.length === 0 && unchanged === 0
      ? `Nothing was published for ${year}.`
      : `${formatNumber(published.length)} published for ${year}, ${formatNumber(unchanged)} unchanged.`;
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Footprints of {year}</DialogTitle>
        <DialogDescription>{summary}</DialogDescription>
      </DialogHeader>
      {message ? (
        <Alert className="flex items-start gap-2">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{message}</p>
        </Alert>
      ) : null}
      {published.length > 0 ? (
        <section aria-labelledby="published-heading" className="flex flex-col gap-2">
          <h3 id="published-heading" className="text-sm font-semibold">
            Published now
          </h3>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {published.map((f) => (
              <li key={f.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <span className="flex min-w-0 flex-col text-sm">
                  <span className="flex items-center gap-2 font-medium">
                    <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
                    {f.productName}
                  </span>
                  <span className="text-muted-foreground">
                    {f.version === 1 ? 'New footprint' : `Version ${f.version}`} ·{' '}
                    <span className="font-mono tabular-nums">{f.pcfExcludingBiogenic}</span> kg CO2e per {f.declaredUnit}
                  </span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onOpenFootprint(f.id)}
                  aria-label={`Open ${f.productName}, version ${f.version}`}
                >
                  Open
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : unchanged > 0 ? (
        <p className="text-sm text-muted-foreground">Every footprint of {year} is already published with the same figures.</p>
      ) : null}
      <DialogFooter>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </div>
  );
};
