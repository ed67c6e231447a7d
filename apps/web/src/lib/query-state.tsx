import { RefreshCw } from 'lucide-react';
import type { CombinedError } from 'urql';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardHeader } from '../ui/card.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { errorMessage } from './errors.ts';
import { ServerAlert } from '../ui/server-alert.tsx';

/** A failed load: the server's message (or the fallback) and a way to try again. */
export const QueryError = ({ error, onRetry, title }: { error: CombinedError | undefined; onRetry?: () => void; title?: string }) => (
  <ServerAlert
    title={title}
    message={errorMessage(error)}
    action={
      onRetry ? (
        <Button variant="outline" size="sm" className="self-start" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      ) : null
    }
  />
);

/** Placeholder cards with the screen's shape while its data loads. */
export const CardsLoading = ({ label, cards = 2 }: { label: string; cards?: number }) => (
  <div className="flex flex-col gap-6" aria-busy="true">
    <span role="status" className="sr-only">
      {label}
    </span>
    {Array.from({ length: cards }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Card key={i}>
        <CardHeader>
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </CardContent>
      </Card>
    ))}
  </div>
);
