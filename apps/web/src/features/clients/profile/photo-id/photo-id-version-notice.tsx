import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { useDecidePhotoIdVersion, usePhotoIdVersion } from '../api/photo-id-version';
import { UploadVersionNotice } from '../lib/upload-version-notice';
import { useSaveFeedback } from '../lib/use-save-feedback';

/** Ours (issue 13, finding 11): the texts of the new-version notice. */
export const PHOTO_ID_VERSION_TEXT = {
  client: 'A new photo ID was uploaded by the client',
  link: 'A new photo ID was uploaded through an upload link by someone not signed in as the user it was issued to',
  accepted: 'The new photo ID replaces the old one.',
  rejected: 'The new photo ID was rejected and removed.',
  failed: 'Unable to save photo ID.',
} as const;

/**
 * A photo ID uploaded by the client (or through a link by someone else than
 * its staff user) does not replace the current one: staff see it here and
 * accept it (it becomes the photo ID) or reject it (it is removed).
 */
export function PhotoIdVersionNotice({ patientId }: { patientId: number }) {
  const { data: version } = usePhotoIdVersion(patientId);
  const decide = useDecidePhotoIdVersion(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  if (!version) return null;

  const title = PHOTO_ID_VERSION_TEXT[version.origin];
  const onDecide = async (accept: boolean) => {
    if (
      !accept &&
      !(await confirm({
        title: 'Reject the new photo ID?',
        message: 'The uploaded photo is removed. The current photo ID stays.',
        confirmText: 'Reject',
        color: 'error',
      }))
    )
      return;
    try {
      await decide.mutateAsync({ versionId: version.versionId, accept });
      feedback.notify.success(
        accept ? PHOTO_ID_VERSION_TEXT.accepted : PHOTO_ID_VERSION_TEXT.rejected,
      );
    } catch (error) {
      feedback.failed(PHOTO_ID_VERSION_TEXT.failed, error);
    }
  };

  return (
    <UploadVersionNotice
      title={title}
      imageUrl={version.url}
      imageAlt="New photo ID waiting for a decision"
      busy={decide.isPending}
      onAccept={() => void onDecide(true)}
      onReject={() => void onDecide(false)}
    />
  );
}
