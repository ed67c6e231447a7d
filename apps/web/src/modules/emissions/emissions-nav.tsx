import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';

const ITEMS = [
  { to: '/app/emissions', label: 'Report', end: true },
  { to: '/app/emissions/results', label: 'Results', end: false },
  { to: '/app/emissions/vessels', label: 'Vessels', end: false },
  { to: '/app/emissions/factors', label: 'Factors and settings', end: false },
];

/** The emissions screens, one menu entry in the application: the report, its results, the vessels and the factors. */
export const EmissionsNav = ({ year }: { year?: number }) => (
  <nav aria-label="Emissions" className="-mb-2 overflow-x-auto">
    <ul className="flex gap-1 border-b border-border">
      {ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink
            to={year && item.to !== '/app/emissions/factors' ? `${item.to}?year=${year}` : item.to}
            end={item.end}
            className={({ isActive }) =>
              cn(
                '-mb-px inline-flex h-10 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
                isActive ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  </nav>
);
