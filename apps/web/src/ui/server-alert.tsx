import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from './alert.tsx';

/** A server message in the red alert; renders nothing without one. */
export const ServerAlert = ({ message, title, action }: { message: string | null | undefined; title?: string; action?: ReactNode }) =>
  message ? (
    <Alert variant="destructive" className="flex items-start gap-2">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-2">
        {title ? <AlertTitle>{title}</AlertTitle> : null}
        <AlertDescription>{message}</AlertDescription>
        {action}
      </div>
    </Alert>
  ) : null;
