// The portal's door: sign-in records kept for the client's login history.
export { recordPortalSignIn } from './login-history.ts';
