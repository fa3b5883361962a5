import { useState, type ChangeEvent } from 'react';
import type { BookUploadFileField } from '@mechabrim/contracts';
import { fileProblem } from '../../../shared/file-problem';
import { FILE_FIELDS, type FileErrors, type Files } from './upload-form';

/**
 * The files chosen for the upload and their problems: each checked as it is chosen, all of them
 * again on submit (`check`, true when none has a problem).
 */
export function useBookFiles(onChange: () => void) {
  const [files, setFiles] = useState<Files>({});
  const [fileErrors, setFileErrors] = useState<FileErrors>({});

  const choose = (field: BookUploadFileField) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    onChange();
    setFiles((current) => ({ ...current, [field]: file }));
    setFileErrors((current) => ({
      ...current,
      [field]: file ? (fileProblem(field, file) ?? undefined) : undefined,
    }));
  };

  const check = (): boolean => {
    const found: FileErrors = {};
    for (const field of FILE_FIELDS) {
      const problem = fileProblem(field, files[field]);
      if (problem) found[field] = problem;
    }
    setFileErrors(found);
    return Object.keys(found).length === 0;
  };

  return { files, fileErrors, setFileErrors, choose, check };
}
