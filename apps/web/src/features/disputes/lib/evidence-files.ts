import { DISPUTE_MAX_FILE_MB, DISPUTE_MAX_FILES } from '@pawsy/contract';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
/** What the API takes as evidence (by the bytes; the picker offers these). */
export const EVIDENCE_ACCEPT = [...IMAGE_TYPES, 'application/pdf'].join(',');
const MAX_BYTES = DISPUTE_MAX_FILE_MB * 1024 * 1024;

/**
 * Why the form will not send these files, naming the file when one is at fault, or null. The
 * API would refuse them too, but its answer names the form field ("evidence"), not the file.
 */
export function refuseEvidence(files: readonly File[]): string | null {
  if (files.length > DISPUTE_MAX_FILES) return `Attach at most ${DISPUTE_MAX_FILES} files`;
  const tooLarge = files.find((file) => file.size > MAX_BYTES);
  if (tooLarge) return `${tooLarge.name}: each file must be at most ${DISPUTE_MAX_FILE_MB} MB`;
  // A type the browser does not know ('') is left to the API, which reads the bytes.
  const wrongType = files.find((file) => file.type !== '' && !EVIDENCE_ACCEPT.includes(file.type));
  if (wrongType) return `${wrongType.name}: use a JPEG, PNG or PDF`;
  return null;
}
