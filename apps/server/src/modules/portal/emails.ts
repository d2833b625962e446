import type { MailContent } from '../../platform/mail.ts';
import { ACTIVATION_LINK_DAYS, RESET_LINK_HOURS } from './tokens.ts';

/** The two portal emails. Plain text: links and names only, nothing clinical. */

export const INVITATION_SUBJECT = 'Your client portal invitation';
export const RESET_SUBJECT = 'Reset your client portal password';

/** Where the web app completes each link (under the /n/ base path). */
export const ACTIVATE_PATH = '/n/public/activate';
export const RESET_PATH = '/n/public/resetPassword';

type EmailInput = { name: string; practiceName: string; username: string; url: string };

/** A reset link the client asked for themself ("Forgot password?") lasts `hours`. */
type ResetInput = EmailInput & { selfService?: { hours: number } };

export function invitationEmail(input: EmailInput): MailContent {
  return {
    kind: 'portal_invitation',
    subject: INVITATION_SUBJECT,
    text: [
      `Hello ${input.name},`,
      '',
      `${input.practiceName} has set up a client portal account for you.`,
      `To choose your password, open this link within ${ACTIVATION_LINK_DAYS} days:`,
      '',
      input.url,
      '',
      `Your username is: ${input.username}`,
      '',
      `The link works once. If it has expired, ask ${input.practiceName} to send a new invitation.`,
      'If you were not expecting this email, you can ignore it.',
      '',
    ].join('\n'),
  };
}

export function resetEmail(input: ResetInput): MailContent {
  const hours = input.selfService?.hours ?? RESET_LINK_HOURS;
  return {
    kind: 'portal_password_reset',
    subject: RESET_SUBJECT,
    text: [
      `Hello ${input.name},`,
      '',
      input.selfService
        ? `You asked for a link to choose a new password for your ${input.practiceName} client portal.`
        : `${input.practiceName} has sent you a link to choose a new password for your client portal.`,
      `Open this link within ${hours === 1 ? 'an hour' : `${String(hours)} hours`}:`,
      '',
      input.url,
      '',
      `Your username is: ${input.username}`,
      '',
      'The link works once. If you did not ask for this, you can ignore this email:',
      'your password stays the same.',
      '',
    ].join('\n'),
  };
}
