import { useSearchParams } from 'react-router';
import { DocumentLibrary } from '../../../features/documents/components/document-library';
import { useSession } from '../../../features/staff/api/session';

/**
 * /console/documents: the document library. ?uploadModal=true (the editor's 'upload a file' link)
 * opens the upload dialog at once; closing it drops the parameter so a reload does not reopen it.
 */
export default function DocumentsPage() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const isUploadOpen = searchParams.get('uploadModal') === 'true';

  function setUploadOpen(open: boolean) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (open) next.set('uploadModal', 'true');
        else next.delete('uploadModal');
        return next;
      },
      { replace: true },
    );
  }

  if (!session.data) return null;
  return (
    <>
      <title>Documents | Attest</title>
      <DocumentLibrary
        isUploadOpen={isUploadOpen}
        onUploadOpenChange={setUploadOpen}
        canEdit={session.data.staff.permissions.includes('statuspage:edit')}
      />
    </>
  );
}
