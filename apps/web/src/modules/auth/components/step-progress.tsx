/** "Step 2 of 4" with a progress bar (the sign-up wizard: 25, 50, 75, 100 %). */
export const StepProgress = ({ step, total, label }: { step: number; total: number; label: string }) => {
  const percent = Math.round((step / total) * 100);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-xs font-medium text-muted-foreground">
        <span>
          Step {step} of {total}
        </span>
        <span>{label}</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Sign-up progress: step ${step} of ${total}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
};
