import { AUTH_FALLBACK_MESSAGES } from '@tidewise/shared/auth';
import { ArrowLeft, ArrowRight, Download, QrCode, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { cn } from '../../../lib/cn.ts';
import { Button } from '../../../ui/button.tsx';
import { VerifyAuthenticatorSetupMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { AuthenticatorQr } from './authenticator-setup.tsx';
import { CodeForm } from '../../../ui/code-form.tsx';

const STEPS = [
  { title: 'Install App', icon: Download },
  { title: 'Scan QR Code', icon: QrCode },
  { title: 'Verify', icon: ShieldCheck },
] as const;

const APPS = ['Microsoft Authenticator', 'Google Authenticator', '1Password', 'Authy'];

/**
 * Authenticator setup in three steps (Install App, Scan QR Code, Verify); the first valid code
 * confirms the app and answers the hand-off token for the callback.
 */
export const AuthenticatorWizard = ({
  userId,
  qrCodeDataURL,
  otpauthUri,
  onVerified,
}: {
  userId: string;
  qrCodeDataURL: string | null;
  otpauthUri: string | null;
  onVerified: (handoffToken: string) => void;
}) => {
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [, verifySetup] = useMutation(VerifyAuthenticatorSetupMutation);

  const verify = async (code: string) => {
    setError(null);
    const result = await verifySetup({ input: { userId, token: code } });
    const token = result.data?.verifyAuthenticatorSetup.token;
    if (!token) {
      setError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.invalidCode));
      return false;
    }
    onVerified(token);
    return true;
  };

  return (
    <div className="flex flex-col gap-6">
      <ol className="grid grid-cols-3 gap-2" aria-label="Authenticator setup steps">
        {STEPS.map((item, index) => (
          <li
            key={item.title}
            aria-current={index === step ? 'step' : undefined}
            className={cn(
              'flex flex-col items-center gap-1 rounded-md border px-1 py-2 text-center text-xs font-medium',
              index === step
                ? 'border-primary bg-primary/10 text-foreground'
                : index < step
                  ? 'border-success/50 text-success'
                  : 'border-border text-muted-foreground',
            )}
          >
            <item.icon className="size-4" aria-hidden="true" />
            <span>
              <span className="sr-only">Step {index + 1}: </span>
              {item.title}
            </span>
          </li>
        ))}
      </ol>

      {step === 0 ? (
        <section aria-labelledby="wizard-install" className="flex flex-col gap-3">
          <h2 id="wizard-install" className="text-base font-semibold">
            Install an authenticator app
          </h2>
          <p className="text-sm text-muted-foreground">
            Use any app that supports time-based codes (TOTP). If your company already uses one, pick that. For example:
          </p>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {APPS.map((app) => (
              <li key={app} className="rounded-md border border-border px-3 py-2">
                {app}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {step === 1 ? (
        <section aria-labelledby="wizard-scan" className="flex flex-col gap-3">
          <h2 id="wizard-scan" className="text-base font-semibold">
            Scan the QR code
          </h2>
          <p className="text-sm text-muted-foreground">
            In your app, add an account and scan this code. Tidewise then shows up with a 6-digit code that changes every 30 seconds.
          </p>
          {qrCodeDataURL ? (
            <AuthenticatorQr qrCodeDataURL={qrCodeDataURL} otpauthUri={otpauthUri} />
          ) : (
            <p className="text-sm text-destructive">
              The QR code is no longer available in this tab. Start the registration again from your invitation link.
            </p>
          )}
        </section>
      ) : null}

      {step === 2 ? (
        <section aria-labelledby="wizard-verify" className="flex flex-col gap-3">
          <h2 id="wizard-verify" className="text-base font-semibold">
            Enter the code from your app
          </h2>
          <CodeForm onVerify={verify} error={error} label="6-digit code from your authenticator app" submitLabel="Verify and continue" />
        </section>
      ) : null}

      <div className="flex justify-between gap-3">
        <Button variant="outline" onClick={() => setStep((s) => s - 1)} disabled={step === 0} className={cn(step === 0 && 'invisible')}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        {step < 2 ? (
          <Button onClick={() => setStep((s) => s + 1)}>
            {step === 0 ? 'I have an app' : "I've scanned the code"}
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </div>
  );
};
