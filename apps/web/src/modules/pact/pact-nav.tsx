import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';

const ITEMS = [
  { to: '/app/pact', label: 'Published footprints', end: true },
  { to: '/app/pact/received', label: 'Received footprints', end: false },
  { to: '/app/pact/connections', label: 'Connections', end: false },
  { to: '/app/pact/credentials', label: 'API credentials', end: false },
  { to: '/app/pact/events', label: 'Events', end: false },
];

/** The PACT exchange screens, one menu entry in the application. */
export const PactNav = () => (
  <nav aria-label="PACT exchange" className="-mb-2 overflow-x-auto">
    <ul className="flex gap-1 border-b border-border">
      {ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
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
