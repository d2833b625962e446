import { useClinicalInformation } from '../api/clinical';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { ClinicalForm } from './clinical-form';

/** Diagnoses, onset and accident information; the form restarts from each answer. */
export function ClinicalTab({ patientId }: { patientId: number }) {
  const clinical = useClinicalInformation(patientId);
  useLoadErrorToast(clinical, MESSAGES.loadClinical);

  if (clinical.isPending) return <SectionSpinner />;
  if (clinical.isLoadingError) return <LoadFailed onRetry={() => void clinical.refetch()} />;
  return (
    <ClinicalForm key={JSON.stringify(clinical.data)} patientId={patientId} info={clinical.data} />
  );
}
