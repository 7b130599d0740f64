import { DISPUTE_MAX_FILE_MB, DISPUTE_MAX_FILES } from '@pawsy/contract';
import { ApiError } from '../../../lib/api-error';

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

/** Whether the API's refusal is about one file: a file's rule names the field (413, 415). */
function fileAtFault(error: ApiError): 'size' | 'type' | 'unreadable' | null {
  const namesField = Array.isArray(error.response.data.errors);
  if (error.status === 413) return namesField ? 'size' : null; // else: too many files or parts
  if (error.status === 415) return namesField ? 'type' : 'unreadable';
  return null;
}

/**
 * The API's refusal of the evidence with the file it is about, when its message does not name
 * it. The API stops at the first file it refuses without saying which: among the files sent, the
 * one the refusal can be about is named, or the few it can be ("one of …").
 */
export function nameRefusedFile(message: string, error: unknown, files: readonly File[]): string {
  if (!(error instanceof ApiError) || files.some((file) => message.includes(file.name)))
    return message;
  const fault = fileAtFault(error);
  if (!fault) return message;
  let suspects: readonly File[] = files;
  if (fault === 'size') suspects = files.filter((file) => file.size > MAX_BYTES);
  // Only photos are decoded: a PDF is kept as sent.
  if (fault === 'unreadable') suspects = files.filter((file) => file.type !== 'application/pdf');
  if (suspects.length === 0) suspects = files;
  if (suspects.length === 1) return `${suspects[0]!.name}: ${message}`;
  return `${message} (one of ${suspects.map((file) => file.name).join(', ')})`;
}
