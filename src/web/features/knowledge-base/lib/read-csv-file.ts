import { kbMessages } from '../../../../shared/knowledge-base-texts';

/**
 * Reads a chosen CSV file as text (spec 3 §8): a reader error is 'Error reading file'; anything
 * else that stops the read (no file, unreadable result) is 'Failed to read file'.
 */
export function readCsvFile(file: Blob | null | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!file) {
      reject(new Error(kbMessages.fileReadFailed));
      return;
    }
    let reader: FileReader;
    try {
      reader = new FileReader();
    } catch {
      reject(new Error(kbMessages.fileReadFailed));
      return;
    }
    reader.onerror = () => reject(new Error(kbMessages.fileReadError));
    reader.onabort = () => reject(new Error(kbMessages.fileReadFailed));
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error(kbMessages.fileReadFailed));
    };
    try {
      reader.readAsText(file, 'utf-8');
    } catch {
      reject(new Error(kbMessages.fileReadFailed));
    }
  });
}
