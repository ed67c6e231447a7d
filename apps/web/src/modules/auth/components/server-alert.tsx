import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '../../../ui/alert.tsx';

/** A server message (or the screen's fallback text) in the red alert; renders nothing without one. */
export const ServerAlert = ({ message }: { message: string | null | undefined }) =>
  message ? (
    <Alert variant="destructive" className="flex items-start gap-2">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  ) : null;
