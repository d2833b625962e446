/** API calls of the practice's contacts, demographic settings, logo and information (issue 16). */
export const practiceProfileApi = {
  practiceContactList: '/api/practice/contacts',
  practiceContact: (contactId: number) => `/api/practice/contacts/${contactId}`,
  practiceDemographicSettings: '/api/setting/getPracticeDemographicSetting',
  savePracticeDemographicSettings: '/api/setting/savePracticeDemographicSetting',
  practiceLogo: '/api/practice/logo',
  practiceLogoKind: (kind: 'banner' | 'icon') => `/api/practice/logo/${kind}`,
  practiceInfo: '/api/practice/practiceInfo',
  /** GET the practice's name, address and phone as letters print them (any signed-in user). */
  practiceContactBlock: '/api/practice/defaultContactInformation',
  usTimezones: '/api/system/listUSTimezones',
} as const;
