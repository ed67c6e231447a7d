import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { groupsOfFour, setupKeyOf } from '../lib/otpauth.ts';

/** QR code to scan, with the key (from the otpauth URI the API returns with it) to type in by hand underneath. */
export const AuthenticatorQr = ({ qrCodeDataURL, otpauthUri }: { qrCodeDataURL: string; otpauthUri: string | null }) => {
  const key = setupKeyOf(otpauthUri);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-4">
      <div className="rounded-lg bg-white p-3 shadow-sm">
        <img
          src={qrCodeDataURL}
          alt="QR code to add Tidewise to your authenticator app"
          width={200}
          height={200}
          className="size-48 sm:size-52"
        />
      </div>
      {key ? (
        <div className="flex w-full flex-col gap-2 rounded-lg border border-border bg-muted/40 p-3 text-center">
          <p className="text-xs text-muted-foreground">
            Can't scan? Choose "Enter a setup key" in your app and type this key (time-based):
          </p>
          <code data-testid="totp-secret" className="break-all font-mono text-sm font-semibold tracking-wider">
            {groupsOfFour(key)}
          </code>
          <Button variant="ghost" size="sm" onClick={() => void copy()} className="self-center">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy key'}
          </Button>
        </div>
      ) : null}
    </div>
  );
};
