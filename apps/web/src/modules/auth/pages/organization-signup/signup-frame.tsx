import type { ComponentType, ReactNode } from 'react';
import { AuthCard } from '../../../../ui/auth-card.tsx';
import { StepProgress } from '../../components/step-progress.tsx';

const STEP_LABELS = ['Your organisation', 'Company details', 'Account security', 'Welcome'];

/** One step of the four-step organisation sign-up, with its progress (25, 50, 75, 100 %). */
export const SignupFrame = ({
  step,
  title,
  description,
  icon,
  tone,
  children,
  footer,
}: {
  step: 1 | 2 | 3 | 4;
  title: string;
  description?: ReactNode;
  icon?: ComponentType<{ className?: string }>;
  tone?: 'default' | 'success';
  children: ReactNode;
  footer?: ReactNode;
}) => (
  <AuthCard
    top={<StepProgress step={step} total={4} label={STEP_LABELS[step - 1] ?? ''} />}
    title={title}
    description={description}
    icon={icon}
    tone={tone}
    footer={footer}
  >
    {children}
  </AuthCard>
);
