import { FileUp } from 'lucide-react';
import { useId } from 'react';
import { useDropzone } from 'react-dropzone';
import { cn } from '../../lib/cn.ts';
import { type FileLimits, listExtensions } from './file-checks.ts';
import { formatBytes } from './format.ts';

/**
 * Where files are dropped or chosen. The zone is a button (Enter or Space opens the file picker, as
 * does a click); several files at once. Every file chosen is handed over: the caller checks it
 * against the limits and says why it refuses one, so the zone itself refuses nothing silently.
 */
export const DropZone = ({
  limits,
  onFiles,
  disabled = false,
  remaining,
}: {
  limits: FileLimits;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** Files the batch can still take. */
  remaining: number;
}) => {
  const hintId = useId();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: true,
    disabled,
    // Every file comes to onFiles; the reasons for refusing one are ours, not the library's.
    onDrop: (accepted, rejected) => onFiles([...accepted, ...rejected.map((r) => r.file)]),
  });
  return (
    <div className="flex flex-col gap-2">
      <div
        {...getRootProps({
          role: 'button',
          'aria-label': 'Add files: drop them here or choose them',
          'aria-describedby': hintId,
          'aria-disabled': disabled || undefined,
        })}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-input bg-card px-6 py-10 text-center transition-colors',
          'hover:border-primary hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          isDragActive && 'border-primary bg-secondary/60',
          disabled && 'cursor-not-allowed opacity-60 hover:border-input hover:bg-card',
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <FileUp className="size-6" aria-hidden="true" />
        </span>
        <span className="text-base font-semibold">{isDragActive ? 'Drop the files to add them' : 'Drop files here, or choose files'}</span>
        <span id={hintId} className="max-w-md text-sm text-muted-foreground">
          {listExtensions(limits.acceptedExtensions, { asTypes: true })} files, up to {formatBytes(limits.maxFileBytes)} each.{' '}
          {remaining > 0
            ? `This upload can take ${remaining} more ${remaining === 1 ? 'file' : 'files'}.`
            : `This upload holds the most files it can (${limits.maxFilesPerUpload}).`}
        </span>
      </div>
      <input {...getInputProps({ 'aria-label': 'Files to upload' })} />
    </div>
  );
};
