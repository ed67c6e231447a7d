import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';

/** An upload or file the link names but the server does not know (deleted, or a wrong link): where to go instead. */
export const MissingRecord = ({ title, description }: { title: string; description: string }) => (
  <Card>
    <EmptyState
      icon={SearchX}
      title={title}
      description={description}
      action={
        <Button asChild variant="outline">
          <Link to="/app/uploads">Go to all uploads</Link>
        </Button>
      }
    />
  </Card>
);
