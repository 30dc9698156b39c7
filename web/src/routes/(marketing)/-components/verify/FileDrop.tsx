import { MAX_FILE_BYTES } from '@domain/verifiable/verify.ts';
import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { buttonClassName } from '@/ui/Button/Button.tsx';
import * as styles from './Verify.css.ts';

export interface PickedFile {
  name: string;
  text: string;
}

/** A digest with its public key is the most a check takes. */
const MAX_FILES = 2;

/**
 * Pick files with the button, or drop them on the area: one file, or a ledger digest with its public key.
 * The files are read here, in the browser; nothing is uploaded. `onError` gets a plain sentence when a
 * file cannot be read.
 */
export function FileDrop({
  onFiles,
  onError,
}: {
  onFiles: (files: PickedFile[]) => void;
  onError: (message: string) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  async function read(list: FileList | null | undefined) {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    if (files.length > MAX_FILES) {
      onError('Choose one file at a time, or a ledger digest together with its public key.');
      return;
    }
    const picked: PickedFile[] = [];
    for (const file of files) {
      if (file.size > MAX_FILE_BYTES) {
        // The checker's own limit (256 KiB), refused here before the file is even read.
        onError(t('verify.tooLarge', { name: file.name, limit: MAX_FILE_BYTES / 1024 }));
        return;
      }
      try {
        picked.push({ name: file.name, text: await file.text() });
      } catch {
        onError(`${file.name} could not be read.`);
        return;
      }
    }
    onFiles(picked);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the labelled file input inside does the same by keyboard
    <div
      className={styles.dropZone}
      data-dragging={dragging}
      data-testid="file-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <FileUp size={32} aria-hidden="true" className={styles.dropIcon} />
      <p>Drop a receipt or a liability proof here, or</p>
      <label htmlFor={inputId} className={buttonClassName({ variant: 'primary' })}>
        Choose a file
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        multiple
        className={visuallyHidden}
        onChange={(event) => {
          void read(event.currentTarget.files);
          // The same file can be chosen again after it changed on disk.
          event.currentTarget.value = '';
        }}
      />
      <p className={styles.dropHint}>
        The file is checked in this browser, against the key SAI Wallet publishes, never against a key the
        file carries: it is not sent to us. A ledger digest is checked with the public key file chosen
        together with it, or else with the key SAI Wallet publishes. At most 256 KiB.
      </p>
    </div>
  );
}
