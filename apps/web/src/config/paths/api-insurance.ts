/** API calls of a client's insurance, eligibility checks, the practice's payers and the insurance reports. */
import type { paths } from './app-routes';

export const insuranceApi = {
  /** A client's policies, pre-authorizations, confirmations, private pay (spec-2 §7 Insurance); see docs/insurance-api.md. */
  insurance: {
    list: '/api/patientInsurance/list',
    saveInsurance: '/api/patientInsurance/saveInsurance',
    deleteInsurance: '/api/patientInsurance/delete',
    convertInsurance: '/api/patientInsurance/convertInsurance',
    savePreAuth: '/api/patientInsurance/savePreAuth',
    deletePreAuth: '/api/patientInsurance/deletePreAuth',
    saveConfirmation: '/api/patientInsurance/saveConfirmation',
    deleteConfirmation: '/api/patientInsurance/deleteConfirmation',
    standardCptCodes: '/api/patientInsurance/listStandardCptCodes',
    changePrivatePay: '/api/patientInsurance/changePrivatePay',
    updateUsualFee: '/api/patientInsurance/updateUsualFee',
    updateAutoGenClaim: '/api/patientInsurance/updateAutoGenClaim',
    cardUploadUrl: '/api/patientInsurance/getInsuranceCardUploadUrl',
    deleteCardPhoto: '/api/patientInsurance/deleteInsuranceCardPhoto',
    cardVersions: '/api/patientInsurance/getInsuranceCardVersions',
    acceptCardVersion: '/api/patientInsurance/acceptInsuranceCardVersion',
    rejectCardVersion: '/api/patientInsurance/rejectInsuranceCardVersion',
  },
  /** Eligibility checks (spec-2 §7 Insurance: checkEligibility and history); see docs/eligibility-api.md. */
  eligibility: {
    serviceCodes: '/api/patientInsurance/listX12ServiceCodes',
    payers: '/api/patientInsurance/listEligibilityPayers',
    defaults: '/api/patientInsurance/eligibilityDefaults',
    history: '/api/patientInsurance/listEligibilityRequestHistory',
    historyItem: '/api/patientInsurance/findEligibilityHistoryItem',
    check: '/api/patientInsurance/checkEligibility',
    report: '/api/reporting/eligibilityCheck',
  },
  /** The practice's payers and the insurance reports (docs/insurance-reports-api.md). */
  insuranceReports: {
    payers: '/api/practiceInsurance',
    savePayer: '/api/practiceInsurance/save',
    endPayer: '/api/practiceInsurance/end',
    report: (report: Parameters<typeof paths.insuranceReports.getHref>[0]) =>
      `/api/insuranceReports/${report}`,
  },
} as const;
