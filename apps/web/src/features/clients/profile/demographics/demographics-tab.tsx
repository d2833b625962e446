import { errorMessage } from '../../../../lib/api-client';
import { DEMOGRAPHIC_OFF, useDemographicSettings } from '../api/demographics';
import type { ClientProfile } from '../api/profile';
import { LoadFailed } from '../lib/load-failed';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { DemographicsForm } from './demographics-form';

/** The demographic fields the practice collects (its settings), with the client's answers. */
export function DemographicsTab({ profile }: { profile: ClientProfile }) {
  const settings = useDemographicSettings();
  // Demographic setting errors show the error's own message (spec-2 §8).
  useLoadErrorToast(settings, settings.isError ? errorMessage(settings.error) : null);

  if (settings.isPending) return <SectionSpinner />;
  if (settings.isLoadingError) return <LoadFailed onRetry={() => void settings.refetch()} />;
  const fields = Object.entries(settings.data)
    .filter(([, setting]) => setting.value !== DEMOGRAPHIC_OFF)
    .map(([name, setting]) => ({ name, ...setting }));
  const values = profile.demographics ?? {};
  return (
    <DemographicsForm
      key={JSON.stringify(values)}
      patientId={profile.patientId}
      fields={fields}
      values={values}
    />
  );
}
