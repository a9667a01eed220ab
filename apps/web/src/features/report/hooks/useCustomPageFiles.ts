// The agent's uploaded PDF pages this report prints, with their files, for the browser's preview (the server reads
// its own copies when it prints).
import { useEffect, useState } from 'react';
import type { CustomPageFile } from '@cma/report';
import { useLazyGetCustomPageFileQuery } from '../api/reportApi';

export function useCustomPageFiles(ids: readonly string[]): CustomPageFile[] {
  const [fetchCustomPage] = useLazyGetCustomPageFileQuery();
  const [files, setFiles] = useState<CustomPageFile[]>([]);
  const key = ids.join(',');
  useEffect(() => {
    let cancelled = false;
    const wanted = key ? key.split(',') : [];
    Promise.all(
      wanted.map((id) =>
        fetchCustomPage(id, true)
          .unwrap()
          .then((file): CustomPageFile => ({ id, name: file.name, pageCount: file.page_count, pdf: Uint8Array.from(atob(file.data_url.split(',')[1] ?? ''), (c) => c.charCodeAt(0)) }))
          .catch(() => null),
      ),
    ).then((loaded) => !cancelled && setFiles(loaded.flatMap((f) => (f ? [f] : []))));
    return () => {
      cancelled = true;
    };
  }, [key, fetchCustomPage]);
  return files;
}
