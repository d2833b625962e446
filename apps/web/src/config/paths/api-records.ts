/** API calls of printing a client's records (docs/records-api.md). */

export const recordsApi = {
  records: {
    printOptions: '/api/patientRecords/printOptions',
    countTotals: '/api/patientRecords/findBatchCountTotals',
    print: '/api/patientRecords/printPatientRecords',
    status: '/api/patientRecords/checkPrintRecordsStatus',
  },
} as const;
