import { Alert, Button, FileInput, Progress, Stack, Text, Textarea } from '@mantine/core';
import { KYC_MAX_FILES, KYC_MAX_FILE_MB } from '@pawsy/contract';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { submitKyc } from '../kyc-slice';

const TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const ACCEPT = TYPES.join(',');

/** What is wrong with the picked files before anything is sent, or null. */
export function checkFiles(files: File[]): string | null {
  if (files.length === 0) return 'Choose at least one document.';
  if (files.length > KYC_MAX_FILES) return `Choose at most ${KYC_MAX_FILES} documents.`;
  const wrong = files.find((f) => f.type && !TYPES.includes(f.type));
  if (wrong) return `${wrong.name}: use a JPEG, PNG or PDF file.`;
  const big = files.find((f) => f.size > KYC_MAX_FILE_MB * 1024 * 1024);
  if (big) return `${big.name} is larger than ${KYC_MAX_FILE_MB} MB.`;
  return null;
}

/** Each file's share of one upload's progress: files are sent in order, so bytes map to files. */
export function fileProgress(files: File[], percent: number): number[] {
  const total = files.reduce((n, f) => n + f.size, 0) || 1;
  let sent = (percent / 100) * total;
  return files.map((f) => {
    const share = f.size === 0 ? (percent >= 100 ? 1 : 0) : Math.min(1, Math.max(0, sent / f.size));
    sent -= f.size;
    return Math.round(share * 100);
  });
}

type Props = {
  userId: string | undefined;
  kycId?: string | null;
  submitLabel: string;
  /** Called once the documents are in (the screen then shows the review in the form's place). */
  onSubmitted?: () => void;
};

/** "820 bytes", "14 KB", "2.4 MB": a chosen file's size as people read it. */
const fileSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Pick 1–5 documents, add a note, upload with a progress bar per file. */
export function KycUploadForm({ userId, kycId, submitLabel, onSubmitted }: Props) {
  const dispatch = useAppDispatch();
  const [files, setFiles] = useState<File[]>([]);
  const [text, setText] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = checkFiles(files);
    if (problem) return setError(problem);
    setError(null);
    setDone(null);
    setPercent(0);
    const outcome = await submitKyc(dispatch, userId, { files, text, kycId }, setPercent);
    setPercent(null);
    if (!outcome.ok) return setError(outcome.message);
    setFiles([]);
    setText('');
    setDone('Documents submitted. We will review them shortly.');
    onSubmitted?.();
  }

  const progress = percent === null ? null : fileProgress(files, percent);
  return (
    <form onSubmit={onSubmit} aria-label="Upload KYC documents">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {done && (
          <Alert color="green" role="status">
            {done}
          </Alert>
        )}
        <FileInput
          label="Identity documents"
          description={`1–${KYC_MAX_FILES} files: JPEG, PNG or PDF, up to ${KYC_MAX_FILE_MB} MB each`}
          placeholder="Choose files"
          multiple
          clearable
          accept={ACCEPT}
          value={files}
          onChange={(chosen) => {
            setFiles(chosen);
            // A refusal was about the files chosen before: it goes with them.
            setError(null);
            setDone(null);
          }}
        />
        {files.length > 0 && (
          <Stack gap={4} aria-label="Chosen documents">
            {files.map((f, i) => (
              <div key={`${f.name}-${i}`}>
                <Text size="sm">
                  {f.name} ({fileSize(f.size)})
                </Text>
                {progress && (
                  <Progress
                    value={progress[i] ?? 0}
                    aria-label={`Upload progress of ${f.name}`}
                    aria-valuetext={`${progress[i] ?? 0}%`}
                  />
                )}
              </div>
            ))}
          </Stack>
        )}
        <Textarea
          label="Note for the reviewer"
          description="Optional: which document is which, anything we should know."
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
        />
        <Button type="submit" loading={percent !== null} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
