/** API calls of single sign-on (issue 16 item 7): the settings page and the sign-in page. */
export const practiceSsoApi = {
  ssoSettings: '/api/practice/sso/settings',
  ssoTest: '/api/practice/sso/test',
  ssoStart: '/api/public/auth/sso/start',
} as const;
