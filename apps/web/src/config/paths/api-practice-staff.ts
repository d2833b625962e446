/** API calls of the staff page (issue 16 item 1) and the public end of staff links. */

const member = (userId: number) => `/api/practice/staff/${userId}`;

export const practiceStaffApi = {
  staff: '/api/practice/staff',
  staffMember: member,
  staffRoles: (userId: number) => `${member(userId)}/roles`,
  staffTherapist: (userId: number) => `${member(userId)}/therapist`,
  staffAgentTherapists: (userId: number) => `${member(userId)}/agentTherapists`,
  staffAction: (
    userId: number,
    action: 'resendActivation' | 'resetPassword' | 'disable' | 'enable',
  ) => `${member(userId)}/${action}`,
  staffCheckToken: '/api/public/staff/checkToken',
  staffSetPassword: '/api/public/staff/setPassword',
} as const;
