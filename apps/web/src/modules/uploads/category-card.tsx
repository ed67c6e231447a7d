import { FILE_CATEGORIES, FILE_CATEGORY_LABELS, type FileCategory } from '@tidewise/shared/uploads';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useMutation } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Label } from '../../ui/label.tsx';
import { Select } from '../../ui/select.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { formatConfidence } from './format.ts';
import { type FileDetail, UpdateFileCategoryMutation } from './graphql.ts';

/**
 * What the file holds: the reader's suggestion (with how sure it is and why) and the category a person
 * confirms or changes. Only a confirmed category is stored as the file's.
 */
export const CategoryCard = ({ file, editable }: { file: FileDetail; editable: boolean }) => {
  const id = useId();
  const metadata = file.fileMetadata;
  const analysis = metadata?.categoryAnalysis ?? null;
  const confirmed = metadata?.category ?? null;
  const initial: FileCategory = confirmed ?? analysis?.suggestedCategory ?? 'unknown';
  const [choice, setChoice] = useState<FileCategory>(initial);
  // A category confirmed elsewhere (another tab, a live event) becomes the choice shown.
  const [seen, setSeen] = useState(confirmed);
  if (seen !== confirmed) {
    setSeen(confirmed);
    if (confirmed) setChoice(confirmed);
  }
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, update] = useMutation(UpdateFileCategoryMutation);
  const changed = choice !== confirmed;

  const save = async () => {
    setSaved(false);
    setError(null);
    const failure = mutationFailure(await update({ input: { fileId: file.id, category: choice } }), (d) => d.updateFileCategory);
    setError(failure);
    setSaved(!failure);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Category</CardTitle>
        <CardDescription>What the file holds decides which fields its columns can be mapped to.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {analysis ? (
          <div className="flex items-start gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm">
            <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <p>
                Suggested: <span className="font-semibold">{FILE_CATEGORY_LABELS[analysis.suggestedCategory]}</span>{' '}
                <span className="text-muted-foreground">({formatConfidence(analysis.confidence)} confident)</span>
              </p>
              <p className="text-muted-foreground">{analysis.reasoning}</p>
            </div>
          </div>
        ) : null}
        <p className="text-sm">
          {confirmed ? (
            <>
              Confirmed as <span className="font-semibold">{FILE_CATEGORY_LABELS[confirmed]}</span>.
            </>
          ) : (
            'Not confirmed yet.'
          )}
        </p>
        {editable ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex flex-1 flex-col gap-2">
              <Label htmlFor={`${id}-category`}>{confirmed ? 'Change the category' : 'Confirm the category'}</Label>
              <Select
                id={`${id}-category`}
                value={choice}
                onChange={(e) => {
                  setChoice(e.target.value as FileCategory);
                  setSaved(false);
                }}
              >
                {FILE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {FILE_CATEGORY_LABELS[c]}
                    {analysis?.suggestedCategory === c ? ' (suggested)' : ''}
                  </option>
                ))}
              </Select>
            </div>
            <Button onClick={save} disabled={!changed || fetching}>
              {fetching ? <Spinner className="text-current" label="Saving" /> : null}
              {confirmed ? 'Save category' : 'Confirm category'}
            </Button>
          </div>
        ) : null}
        <ServerAlert message={error} />
        {saved && !changed ? <Alert variant="success">Category saved.</Alert> : null}
      </CardContent>
    </Card>
  );
};
