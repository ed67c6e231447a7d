import { type SyntheticEvent, useEffect, useMemo, useState } from 'react';
import { CURRENCIES, MEASUREMENT_SYSTEM_LABELS, MEASUREMENT_SYSTEMS, type MeasurementSystem } from '@tidewise/shared/organization';
import { useMutation } from 'urql';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { type OrganizationSetting, type Timezone, UpdateOrganizationSettingMutation } from './graphql.ts';

const MEASUREMENT_HINTS: Record<MeasurementSystem, string> = {
  metric: 'tonnes, kilometres, litres',
  imperial: 'short tons, miles, gallons',
};

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
/** The ISO 4217 codes the API accepts, with their English names. */
const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ code, name: currencyNames.of(code) ?? code }));

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
  const [values, setValues] = useState(setting);
  const [filter, setFilter] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [{ fetching }, update] = useMutation(UpdateOrganizationSettingMutation);
  useEffect(() => setValues(setting), [setting]);
  const shownTimezones = useMemo(() => filterTimezones(timezones, filter, values.timezone), [timezones, filter, values.timezone]);
  const currencies = useMemo(
    () =>
      CURRENCY_OPTIONS.some((c) => c.code === values.currency)
        ? CURRENCY_OPTIONS
        : [{ code: values.currency, name: values.currency }, ...CURRENCY_OPTIONS],
    [values.currency],
  );

  const set = (field: keyof OrganizationSetting) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setSaved(false);
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const result = await update({ input: values });
    const failure = mutationFailure(result, (d) => d.updateOrganizationSetting);
    setServerError(failure);
    setSaved(!failure);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        <CardDescription>Units, currency and time zone for figures, deadlines and reports.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <ServerAlert message={serverError} />
          {saved ? <Alert variant="success">Settings saved.</Alert> : null}
          <div className="grid gap-5 md:grid-cols-2">
            <FormField id="setting-measurement" label="Measurement system">
              <Select id="setting-measurement" value={values.measurementSystem} onChange={set('measurementSystem')} disabled={!canEdit}>
                {MEASUREMENT_SYSTEMS.map((m) => (
                  <option key={m} value={m}>
                    {MEASUREMENT_SYSTEM_LABELS[m]} ({MEASUREMENT_HINTS[m]})
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="setting-currency" label="Currency">
              <Select id="setting-currency" value={values.currency} onChange={set('currency')} disabled={!canEdit}>
                {currencies.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} · {c.name}
                  </option>
                ))}
              </Select>
            </FormField>
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
                <Select id="setting-timezone" value={values.timezone} onChange={set('timezone')}>
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
            <Button type="submit" className="self-start" disabled={fetching}>
              {fetching ? <Spinner className="text-current" label="Saving" /> : null}
              Save settings
            </Button>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
};
