import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button.tsx';

/**
 * Copies a text to the clipboard. The button names what it copies ("Copy client secret"); after a copy it says so
 * for two seconds, and a live region announces it. A browser that refuses the clipboard gets a message to select
 * the text by hand instead.
 */
export const CopyButton = ({ text, label, className }: { text: string; label: string; className?: string }) => {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={label} className={className}>
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className={state === 'failed' ? 'text-xs text-destructive' : 'sr-only'}>
        {state === 'copied' ? 'Copied to the clipboard.' : state === 'failed' ? 'Copying was refused; select the text and copy it.' : ''}
      </span>
    </span>
  );
};
