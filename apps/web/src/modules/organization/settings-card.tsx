import { useEffect, useMemo, useState } from 'react';
import {
  CURRENCIES,
  MEASUREMENT_SYSTEM_LABELS,
  MEASUREMENT_SYSTEMS,
  type MeasurementSystem,
  updateOrganizationSettingSchema,
} from '@tidewise/shared/organization';
import { useController } from 'react-hook-form';
import { useMutation } from 'urql';
import { z } from 'zod';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Form, FormAlert, useSaved, SelectField, setServerError, useZodForm } from '../../ui/form.tsx';
import { mutationError } from '../../lib/errors.ts';
import { type OrganizationSetting, type Timezone, UpdateOrganizationSettingMutation } from './graphql.ts';

const MEASUREMENT_HINTS: Record<MeasurementSystem, string> = {
  metric: 'tonnes, kilometres, litres',
  imperial: 'short tons, miles, gallons',
};

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
/** The ISO 4217 codes the API accepts, with their English names. */
const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ code, name: currencyNames.of(code) ?? code }));

/**
 * The server's rules for units and currency (`updateOrganizationSetting`). The time zone comes from
 * the server's own list, which the browser's may not match name for name.
 */
const settingSchema = updateOrganizationSettingSchema.pick({ measurementSystem: true, currency: true }).extend({ timezone: z.string() });

/** Timezones whose name or offset contains the filter, always keeping the selected one. */
export const filterTimezones = (timezones: readonly Timezone[], filter: string, selected: string) => {
  const needle = filter.trim().toLowerCase().replace(/\s+/g, '_');
  if (!needle) return [...timezones];
  return timezones.filter(
    (tz) => tz.name === selected || tz.name.toLowerCase().includes(needle) || tz.offset.toLowerCase().includes(needle),
  );
};

/** Measurement system, currency and time zone used across the organisation's reports. */
export const SettingsCard = ({
  setting,
  timezones,
  canEdit,
}: {
  setting: OrganizationSetting;
  timezones: Timezone[];
  canEdit: boolean;
}) => {
  const form = useZodForm(settingSchema, { defaultValues: setting });
  const { isSubmitting } = form.formState;
  const saved = useSaved(form);
  const timezone = useController({ control: form.control, name: 'timezone' });
  const currency = form.watch('currency') ?? '';
  const [filter, setFilter] = useState('');
  const [, update] = useMutation(UpdateOrganizationSettingMutation);
  useEffect(() => form.reset(setting, { keepIsSubmitSuccessful: true }), [setting, form]);
  const shownTimezones = useMemo(() => filterTimezones(timezones, filter, timezone.field.value), [timezones, filter, timezone.field.value]);
  const currencies = useMemo(
    () =>
      CURRENCY_OPTIONS.some((c) => c.code === currency) ? CURRENCY_OPTIONS : [{ code: currency, name: currency }, ...CURRENCY_OPTIONS],
    [currency],
  );

  const submit = async (input: z.output<typeof settingSchema>) => {
    const result = await update({ input });
    setServerError(
      form,
      mutationError(result, (d) => d.updateOrganizationSetting),
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        <CardDescription>Units, currency and time zone for figures, deadlines and reports.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
          <FormAlert control={form.control} />
          {saved ? <Alert variant="success">Settings saved.</Alert> : null}
          <div className="grid gap-5 md:grid-cols-2">
            <SelectField
              control={form.control}
              name="measurementSystem"
              id="setting-measurement"
              label="Measurement system"
              disabled={!canEdit}
            >
              {MEASUREMENT_SYSTEMS.map((m) => (
                <option key={m} value={m}>
                  {MEASUREMENT_SYSTEM_LABELS[m]} ({MEASUREMENT_HINTS[m]})
                </option>
              ))}
            </SelectField>
            <SelectField control={form.control} name="currency" id="setting-currency" label="Currency" disabled={!canEdit}>
              {currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} · {c.name}
                </option>
              ))}
            </SelectField>
          </div>
          <fieldset className="flex flex-col gap-2" disabled={!canEdit}>
            <legend className="mb-2 text-sm font-medium">Time zone</legend>
            <div className="grid gap-3 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
              <div>
                <label htmlFor="setting-timezone-filter" className="sr-only">
                  Filter time zones
                </label>
                <Input
                  id="setting-timezone-filter"
                  type="search"
                  placeholder="Filter, e.g. Oslo or +08"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  aria-controls="setting-timezone"
                />
              </div>
              <div>
                <label htmlFor="setting-timezone" className="sr-only">
                  Time zone
                </label>
                <Select
                  id="setting-timezone"
                  ref={timezone.field.ref}
                  name={timezone.field.name}
                  value={timezone.field.value}
                  onChange={timezone.field.onChange}
                  onBlur={timezone.field.onBlur}
                >
                  {shownTimezones.map((tz) => (
                    <option key={tz.name} value={tz.name}>
                      (UTC{tz.offset}) {tz.name.replaceAll('_', ' ')}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {shownTimezones.length} of {timezones.length} time zones shown
            </p>
          </fieldset>
          {canEdit ? (
            <Button type="submit" className="self-start" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="text-current" label="Saving" /> : null}
              Save settings
            </Button>
          ) : null}
        </Form>
      </CardContent>
    </Card>
  );
};
