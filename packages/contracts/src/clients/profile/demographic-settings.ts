/**
 * The practice's demographic settings belong to the practice area
 * (practice/demographics.ts); the profile reads them from there.
 */
export {
  DEMOGRAPHIC_OFF,
  DEMOGRAPHIC_SETTING_VALUES,
  demographicSettings,
  getPracticeDemographicSetting,
  savePracticeDemographicSetting,
} from '../../practice/demographics.ts';
