/** Who may add clients is the domain's rule, shared with the server. */
export { mayCreateClients } from '@openpractice/domain';

export const MAY_NOT_CREATE_MESSAGE = 'Your role does not include adding clients.';
