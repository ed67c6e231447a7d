import { MailQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../ui/button.tsx';
import { AuthCard } from '../../ui/auth-card.tsx';

export const EmailChangePendingPage = () => {
  usePageMeta({ title: 'Email change pending', description: 'Your request to change the email address of your invitation is pending.' });
  return (
    <AuthCard
      icon={MailQuestion}
      title="Email change pending"
      description="Your request to change the email address for this invitation is waiting for the customer who invited you."
    >
      <p className="text-sm text-muted-foreground">
        Once they accept it, you will receive an email confirmation with a new invitation link at your new address. You don't need to do
        anything until then.
      </p>
      <Button asChild variant="outline" size="lg" className="w-full">
        <Link to="/">Go to the Tidewise home page</Link>
      </Button>
    </AuthCard>
  );
};
