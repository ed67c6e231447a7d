import { useId, useState } from 'react';
import { useMutation } from 'urql';
import { cn } from '../../lib/cn.ts';
import { mutationFailure } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { formatRows } from './format.ts';
import { UpdateFileSheetMutation } from './graphql.ts';

type Sheet = { index: number; name: string; rowCount: number; hidden: boolean };

/**
 * The sheets of a workbook with their row counts; reading another one starts the reading again
 * (updateFileSheet), and its progress shows live on the screen.
 */
export const SheetPicker = ({
  fileId,
  sheets,
  current,
  editable,
  reading,
}: {
  fileId: string;
  sheets: readonly Sheet[];
  /** The sheet that was (or is being) read. */
  current: string | null;
  editable: boolean;
  /** A reading is running: the choice waits for it. */
  reading: boolean;
}) => {
  const id = useId();
  const [choice, setChoice] = useState(current ?? sheets[0]?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, update] = useMutation(UpdateFileSheetMutation);

  const read = async () => {
    setError(null);
    setError(mutationFailure(await update({ input: { fileId, sheet: choice } }), (d) => d.updateFileSheet));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sheets</CardTitle>
        <CardDescription>The workbook has {sheets.length} sheets. The rows and columns below are those of the sheet read.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2" disabled={!editable}>
          <legend className="sr-only">Sheet to read</legend>
          {sheets.map((sheet) => {
            const checked = choice === sheet.name;
            return (
              <label
                key={sheet.index}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  checked ? 'border-primary bg-secondary/60' : 'border-border hover:bg-muted',
                )}
              >
                <span className="flex min-w-0 items-center gap-3">
                  <input
                    type="radio"
                    name={`${id}-sheet`}
                    value={sheet.name}
                    checked={checked}
                    onChange={() => setChoice(sheet.name)}
                    className="size-4 accent-primary"
                  />
                  <span className="break-all font-medium">{sheet.name}</span>
                  {sheet.name === current ? <span className="text-xs text-muted-foreground">(read)</span> : null}
                  {sheet.hidden ? <span className="text-xs text-muted-foreground">(hidden)</span> : null}
                </span>
                <span className="shrink-0 text-muted-foreground tabular-nums">{formatRows(sheet.rowCount)}</span>
              </label>
            );
          })}
        </fieldset>
        {editable ? (
          <Button className="self-start" onClick={read} disabled={choice === current || fetching || reading}>
            {fetching ? <Spinner className="text-current" label="Starting" /> : null}
            Read this sheet
          </Button>
        ) : null}
        <ServerAlert message={error} />
      </CardContent>
    </Card>
  );
};
