/** API calls of the audit pages and email monitoring. */

export const auditApi = {
  /** The audit pages (docs/audit-api.md). */
  audit: {
    recordAccess: '/api/reporting/audit/patientRecordAccess',
    recordAccessCsv: '/api/reporting/audit/patientRecordAccess/export',
    chainState: '/api/reporting/audit/chainState',
    users: '/api/reporting/audit/users',
    documentRevocations: '/api/reporting/audit/documentRevocations',
    documentRevocationsCsv: '/api/reporting/audit/documentRevocations/export',
  },
  /** Email monitoring (docs/email-monitoring-api.md). */
  emailMonitoring: {
    search: '/api/emailMonitoring/search',
    getSuppressed: '/api/emailMonitoring/getSuppressed',
    addSuppressed: '/api/emailMonitoring/addSuppressed',
    removeSuppressed: '/api/emailMonitoring/removeSuppressed',
  },
} as const;
