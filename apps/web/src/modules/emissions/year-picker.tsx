import { useSearchParams } from 'react-router';
import { Label } from '../../ui/label.tsx';
import { Select } from '../../ui/select.tsx';
import { REPORT_YEARS, yearFrom } from './emission-format.ts';

/** The reporting year the address names (`?year=`), this year by default. */
export const useReportYear = () => {
  const [params, setParams] = useSearchParams();
  const year = yearFrom(params.get('year'));
  const setYear = (next: number) => {
    const target = new URLSearchParams(params);
    target.set('year', String(next));
    setParams(target, { preventScrollReset: true });
  };
  return { year, setYear };
};

/** The reporting period picker: a calendar year, kept in the address so a report can be shared and reloaded. */
export const YearPicker = ({ year, onChange, id = 'report-year' }: { year: number; onChange: (year: number) => void; id?: string }) => (
  <div className="flex flex-col gap-2">
    <Label htmlFor={id}>Reporting year</Label>
    <Select id={id} value={String(year)} onChange={(event) => onChange(Number(event.target.value))} className="w-36">
      {REPORT_YEARS().map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </Select>
  </div>
);
