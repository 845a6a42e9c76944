import { describe, expect, it } from 'vitest';
import { documentMessages } from '../../../../shared/documents';
import { uploadProblem } from './upload-check';

describe('uploadProblem', () => {
  it('accepts an allowed type within the limit', () => {
    expect(uploadProblem({ name: 'SOC 2 Report.PDF', size: 2048 })).toBeNull();
    expect(uploadProblem({ name: 'controls.xlsx', size: 10 })).toBeNull();
  });

  it('refuses empty, oversize, unknown types and path characters with the server messages', () => {
    expect(uploadProblem({ name: 'empty.pdf', size: 0 })).toBe(documentMessages.fileEmpty);
    expect(uploadProblem({ name: 'huge.pdf', size: 50 * 1024 * 1024 + 1 })).toBe(
      documentMessages.fileTooLarge(50),
    );
    expect(uploadProblem({ name: 'setup.exe', size: 10 })).toBe(documentMessages.fileTypeNotAllowed);
    expect(uploadProblem({ name: 'no-extension', size: 10 })).toBe(documentMessages.fileTypeNotAllowed);
    expect(uploadProblem({ name: '../secret.pdf', size: 10 })).toBe(documentMessages.fileNameInvalid);
  });
});
