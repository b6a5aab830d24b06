import { ImpactSection } from '../review/ImpactSection';
import { ReviewReportSection } from '../review/ReviewReportSection';
import { DiffSection } from '../signing/DiffSection';
import { KeySection } from '../signing/KeySection';
import { SignedExport } from '../signing/SignedExport';
import { TrustedKeys } from '../signing/TrustedKeys';
import { VerificationSection } from '../signing/VerificationSection';
import { selectActive, useStudio } from '../store';

/**
 * Export: signed and plain download with hashes, the signature state of the document, the
 * semantic diff against another version, the signing key and the trusted keys.
 */
export function ExportPanel() {
  const doc = useStudio(selectActive);
  if (!doc) return null;
  return (
    <div className="export-panel">
      <SignedExport doc={doc} />
      <ReviewReportSection doc={doc} />
      <VerificationSection doc={doc} />
      <DiffSection doc={doc} />
      <ImpactSection doc={doc} />
      <KeySection />
      <TrustedKeys />
    </div>
  );
}
