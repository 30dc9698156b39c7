import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { buttonClassName } from '../../../../components/Button.tsx';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import * as styles from './Verify.css.ts';

/** A receipt or a proof is a few kilobytes; anything this big is not one. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface PickedFile {
  name: string;
  text: string;
}

/**
 * Pick a file with the button, or drop it on the area. The file is read here, in the browser; nothing is
 * uploaded. `onError` gets a plain sentence when the file cannot be read.
 */
export function FileDrop({
  onFile,
  onError,
}: {
  onFile: (file: PickedFile) => void;
  onError: (message: string) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  async function read(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      onError(`${file.name} is larger than 5 MB: a receipt or a liability proof is far smaller.`);
      return;
    }
    try {
      onFile({ name: file.name, text: await file.text() });
    } catch {
      onError(`${file.name} could not be read.`);
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files[0]);
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
        className={visuallyHidden}
        onChange={(event) => {
          void read(event.currentTarget.files?.[0]);
          // The same file can be chosen again after it changed on disk.
          event.currentTarget.value = '';
        }}
      />
      <p className={styles.dropHint}>
        The file is checked in this browser with its own signatures and hashes: it is not sent to us.
      </p>
    </div>
  );
}
