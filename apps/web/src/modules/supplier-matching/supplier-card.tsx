import { emailSchema } from '@tidewise/shared/auth';
import { Building2, FileSpreadsheet, Mail } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { z } from 'zod';
import { mutationFailure } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Form, FormAlert, setServerError, useZodForm } from '../../ui/form.tsx';
import { Input } from '../../ui/input.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ConfirmSupplierMatchMutation, SetUploadSupplierContactMutation, type SupplierRow } from './graphql.ts';
import { countOf, STANDING_LABELS, type SupplierStanding, scoreWords, standingOf } from './supplier-review.ts';

const STANDING_VARIANT: Record<SupplierStanding, 'success' | 'outline' | 'secondary'> = {
  matched: 'success',
  toConfirm: 'outline',
  unknown: 'secondary',
};

const NONE = 'none';
const ROW_CONTEXT = { additionalTypenames: ['UploadSupplierData'] };

type Props = {
  row: SupplierRow;
  /** The viewer may change matches and contacts (and the upload is still open). */
  editable: boolean;
  /** Tells the page what happened, for the screen-reader log. */
  onChanged: (message: string) => void;
};

/**
 * One supplier as named in one file: how many rows, where matching put it and why, and what the customer
 * can do: confirm one of the possible organisations (or none of them), change an automatic match, or give
 * the address to invite a supplier that is not on the platform.
 */
export const SupplierCard = ({ row, editable, onChanged }: Props) => {
  const standing = standingOf(row);
  const [changing, setChanging] = useState(false);
  const choosing = editable && (standing === 'toConfirm' || changing);
  const headingId = useId();

  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-sm md:p-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="break-words text-base font-semibold">
            {row.supplierName}
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex min-w-0 items-center gap-1">
              <FileSpreadsheet className="size-4 shrink-0" aria-hidden="true" />
              <span className="break-all">{row.fileName}</span>
            </span>
            <span>{countOf(row.itemCount, 'row')}</span>
          </p>
        </div>
        <StatusBadge variant={STANDING_VARIANT[standing]} className="self-start">
          {standing === 'unknown' && row.calendarTaskId ? 'Invited' : STANDING_LABELS[standing]}
        </StatusBadge>
      </div>

      <MatchDetails row={row} standing={standing} editable={editable} />

      {choosing ? (
        <MatchChoices
          row={row}
          onDone={(message) => {
            setChanging(false);
            onChanged(message);
          }}
          onCancel={standing === 'toConfirm' ? undefined : () => setChanging(false)}
        />
      ) : editable ? (
        <div className="flex flex-col gap-3">
          {standing === 'unknown' ? <ContactForm row={row} onChanged={onChanged} /> : null}
          {standing === 'matched' || row.possibleMatches.length > 0 ? (
            <Button variant="outline" size="sm" className="self-start" onClick={() => setChanging(true)}>
              {standing === 'matched' ? 'Not this one?' : 'Choose an organisation instead'}
            </Button>
          ) : null}
        </div>
      ) : standing === 'unknown' && row.contactEmail ? (
        <p className="text-sm">
          Invited at <span className="break-all font-medium">{row.contactEmail}</span>
        </p>
      ) : null}
    </li>
  );
};

/** A reason as a sentence: the server's reasons carry no full stop. */
const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The organisation it is matched to and the reason, or what matching found (and, while it can change, what to do). */
const MatchDetails = ({ row, standing, editable }: { row: SupplierRow; standing: SupplierStanding; editable: boolean }) => {
  if (standing === 'matched')
    return (
      <div className="flex items-start gap-2 text-sm">
        <Building2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p>
            {row.isConfirmed ? 'Confirmed as ' : 'Matched to '}
            <span className="font-medium">{row.supplierOrganization?.name ?? 'an organisation'}</span>
          </p>
          {row.matchReason ? <p className="text-muted-foreground">{sentence(row.matchReason)}</p> : null}
        </div>
      </div>
    );
  const found =
    standing === 'toConfirm'
      ? (row.matchReason ?? 'More than one organisation could be this supplier')
      : row.isConfirmed
        ? 'You said it is none of the organisations found'
        : (row.matchReason ?? 'No organisation on the platform matches it');
  return (
    <div className="flex flex-col gap-1 text-sm text-muted-foreground">
      <p>{sentence(found)}</p>
      {editable && standing === 'unknown' ? (
        <p>Give an address and it is invited when you send the request; without one it gets no request.</p>
      ) : null}
    </div>
  );
};

/** The possible organisations as radio choices with their score and reason, plus "None of these". */
const MatchChoices = ({ row, onDone, onCancel }: { row: SupplierRow; onDone: (message: string) => void; onCancel?: () => void }) => {
  const name = useId();
  const options = row.possibleMatches.filter((m) => m.organization.id !== row.supplierOrgId || row.matchStatus === 'semiMatch');
  const current = row.supplierOrgId && options.some((m) => m.organization.id === row.supplierOrgId) ? row.supplierOrgId : '';
  const [choice, setChoice] = useState<string>(row.matchStatus === 'semiMatch' ? current : '');
  const [failure, setFailure] = useState<string | null>(null);
  const [{ fetching }, confirm] = useMutation(ConfirmSupplierMatchMutation);

  const submit = async () => {
    setFailure(null);
    const organizationId = choice === NONE ? null : choice;
    const answer = await confirm({ input: { id: row.id, organizationId } }, ROW_CONTEXT);
    const problem = mutationFailure(answer, (d) => d.confirmSupplierMatch);
    if (problem) {
      setFailure(problem);
      return;
    }
    const chosen = options.find((m) => m.organization.id === organizationId)?.organization.name;
    onDone(chosen ? `“${row.supplierName}” is confirmed as ${chosen}.` : `“${row.supplierName}” is marked as not on the platform.`);
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Which organisation is “{row.supplierName}”?</legend>
      <ul className="flex flex-col gap-2">
        {options.map((match) => (
          <li key={match.organization.id}>
            <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
              <input
                type="radio"
                name={name}
                value={match.organization.id}
                checked={choice === match.organization.id}
                onChange={() => setChoice(match.organization.id)}
                aria-labelledby={`${name}-${match.organization.id}`}
                aria-describedby={`${name}-${match.organization.id}-why`}
                className="mt-1 size-4 shrink-0 accent-primary"
              />
              <span className="flex min-w-0 flex-col gap-0.5 text-sm">
                <span id={`${name}-${match.organization.id}`} className="break-words font-medium">
                  {match.organization.name}
                </span>
                <span id={`${name}-${match.organization.id}-why`} className="text-muted-foreground">
                  {scoreWords(match.score)} · {match.reason}
                </span>
              </span>
            </label>
          </li>
        ))}
        <li>
          <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
            <input
              type="radio"
              name={name}
              value={NONE}
              checked={choice === NONE}
              onChange={() => setChoice(NONE)}
              aria-labelledby={`${name}-none`}
              aria-describedby={`${name}-none-why`}
              className="mt-1 size-4 shrink-0 accent-primary"
            />
            <span className="flex flex-col gap-0.5 text-sm">
              <span id={`${name}-none`} className="font-medium">
                None of these
              </span>
              <span id={`${name}-none-why`} className="text-muted-foreground">
                It is not on the platform yet: you can invite it by email.
              </span>
            </span>
          </label>
        </li>
      </ul>
      <ServerAlert message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void submit()} disabled={!choice || fetching}>
          {fetching ? <Spinner className="text-current" label="Saving" /> : null}
          Confirm
        </Button>
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={fetching}>
            Cancel
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
};

const contactSchema = z.object({
  email: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.union([z.literal(''), emailSchema])),
});

/**
 * "Invite at": the address of a supplier that is not on the platform, saved when the field is left
 * (or with the button); emptied, it is cleared.
 */
const ContactForm = ({ row, onChanged }: { row: SupplierRow; onChanged: (message: string) => void }) => {
  const saved = row.contactEmail ?? '';
  const form = useZodForm(contactSchema, { defaultValues: { email: saved } });
  const [, setContact] = useMutation(SetUploadSupplierContactMutation);
  const [pending, setPending] = useState(false);
  const hintId = useId();
  // The address last sent: leaving the field and pressing the button right after send it once.
  const sent = useRef(saved);

  const save = async ({ email }: { email: string }) => {
    if (email === sent.current) return;
    const previous = sent.current;
    sent.current = email;
    setPending(true);
    const answer = await setContact({ input: { id: row.id, email: email || null } }, ROW_CONTEXT);
    setPending(false);
    const failure = mutationFailure(answer, (d) => d.setUploadSupplierContact);
    if (setServerError(form, failure ? { message: failure, field: 'email' } : null)) {
      sent.current = previous;
      return;
    }
    form.reset({ email });
    onChanged(email ? `“${row.supplierName}” will be invited at ${email}.` : `The address for “${row.supplierName}” is cleared.`);
  };

  /** Leaving the field saves a valid address without moving the focus back to it when it is wrong. */
  const saveOnLeave = async () => {
    if (!(await form.trigger('email', { shouldFocus: false }))) return;
    const parsed = contactSchema.safeParse(form.getValues());
    if (parsed.success) await save(parsed.data);
  };

  return (
    <Form form={form} onSubmit={save} idPrefix={`contact-${row.id}`} className="flex flex-col gap-2">
      <FormAlert control={form.control} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          control={form.control}
          name="email"
          label="Invite at"
          fieldClassName="flex min-w-0 flex-1 flex-col gap-2"
          describedBy={hintId}
          render={(bound) => (
            <Input
              {...bound}
              type="email"
              autoComplete="off"
              placeholder="name@supplier.com"
              value={bound.value ?? ''}
              onBlur={() => {
                bound.onBlur();
                void saveOnLeave();
              }}
            />
          )}
        />
        <Button type="submit" variant="outline" className="sm:mt-7" disabled={pending}>
          {pending ? <Spinner className="text-current" label="Saving" /> : <Mail aria-hidden="true" />}
          Save address
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {saved
          ? `Saved. When you send the request, an invitation goes to ${saved}; the request waits for them once they register.`
          : 'When you send the request, an invitation to join goes to this address, and the request waits for them once they register.'}
      </p>
    </Form>
  );
};
