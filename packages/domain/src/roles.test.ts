import { describe, expect, it } from 'vitest';
import { hasRole, type Authority, type DerivedRole } from './roles.ts';

const owner: Authority[] = ['customer.owner', 'customer.therapist'];
const ownerOnly: Authority[] = ['customer.owner'];
const manager: Authority[] = ['customer.manager'];
const managerReporting: Authority[] = ['customer.manager', 'customer.manager.reporting'];
const therapist: Authority[] = ['customer.therapist'];
const therapistFin: Authority[] = [
  'customer.therapist',
  'customer.therapist.financial',
  'customer.therapist.reporting',
];
const therapistPay: Authority[] = ['customer.therapist', 'customer.therapist.payment'];
const prescriber: Authority[] = ['customer.therapist', 'customer.dosespot'];
const scheduler: Authority[] = ['customer.frontoffice', 'customer.scheduler'];
const schedulerPlus: Authority[] = [
  'customer.frontoffice',
  'customer.scheduler',
  'customer.therapist',
];
const biller: Authority[] = ['customer.frontoffice', 'customer.biller'];
const frontoffice: Authority[] = ['customer.frontoffice'];
const custodian: Authority[] = ['customer.phisupervisor'];
const staffAdmin: Authority[] = ['customer.staffadministrator'];
const support: Authority[] = ['ta.support', 'ta.impersonation'];
const taSalesOnly: Authority[] = ['ta.sales'];
const impersonationOnly: Authority[] = ['ta.impersonation'];
const patient: Authority[] = ['patient.patient'];
const agent: Authority[] = ['customer.prescribingagent'];

const cases: [DerivedRole, Authority[], boolean][] = [
  ['manager', ownerOnly, true],
  ['manager', manager, true],
  ['manager', therapist, false],
  ['billing', manager, true],
  ['billing', biller, true],
  ['billing', scheduler, false],
  ['financial', therapistFin, true],
  ['financial', biller, true],
  ['financial', therapist, false],
  ['payment', therapistPay, true],
  ['payment', therapistFin, false],
  ['payment', ownerOnly, true],
  ['reporting', ownerOnly, true],
  ['reporting', managerReporting, true],
  ['reporting', manager, false],
  ['reporting', therapistFin, true],
  ['practiceWideReporting', ownerOnly, true],
  ['practiceWideReporting', managerReporting, true],
  ['practiceWideReporting', manager, false],
  ['practiceWideReporting', therapistFin, false],
  ['allDemographics', scheduler, true],
  ['allDemographics', biller, true],
  ['allDemographics', therapist, false],
  ['calendar', frontoffice, true],
  ['calendar', biller, true],
  ['calendar', therapist, true],
  ['calendar', custodian, false],
  ['calendar', staffAdmin, false],
  ['calendar', patient, false],
  ['availability', manager, true],
  ['availability', ownerOnly, true],
  ['availability', therapist, true],
  ['availability', scheduler, false],
  ['availability', biller, false],
  ['availability', patient, false],
  ['scheduling', scheduler, true],
  ['scheduling', therapist, true],
  ['scheduling', manager, true],
  ['scheduling', biller, false],
  ['ta', support, true],
  ['ta', taSalesOnly, true],
  ['ta', impersonationOnly, false],
  ['ta', manager, false],
  ['taImpersonation', support, true],
  ['taImpersonation', taSalesOnly, false],
  ['schedulerWithNothingElse', scheduler, true],
  ['schedulerWithNothingElse', schedulerPlus, false],
  ['schedulerWithNothingElse', ['customer.scheduler'], false],
  ['billerWithNothingElse', biller, true],
  ['billerWithNothingElse', [...biller, 'customer.manager'], false],
  ['custodianWithNothingElse', custodian, true],
  ['custodianWithNothingElse', [...custodian, 'customer.therapist'], false],
  ['staffAdministratorWithNothingElse', staffAdmin, true],
  ['staffAdministratorWithNothingElse', [...staffAdmin, 'customer.frontoffice'], false],
  ['justTherapist', therapist, true],
  ['justTherapist', therapistFin, true],
  ['justTherapist', owner, false],
  ['justTherapist', schedulerPlus, false],
  ['justScheduler', scheduler, true],
  ['justScheduler', schedulerPlus, false],
  ['justBiller', biller, true],
  ['justBiller', [...biller, 'customer.scheduler'], false],
  ['justManager', manager, true],
  ['justManager', [...manager, 'customer.owner'], false],
  ['justOwner', ownerOnly, true],
  ['justOwner', owner, false],
  ['prescribingTherapist', prescriber, true],
  ['prescribingTherapist', ['customer.dosespot'], false],
  ['prescribingTherapist', therapist, false],
  ['prescribingAgent', agent, true],
  ['prescribingAgent', prescriber, false],
  ['settings', manager, true],
  ['settings', staffAdmin, true],
  ['settings', scheduler, false],
  ['patient', patient, true],
  ['patient', therapist, false],
  ['practiceStaff', frontoffice, true],
  ['practiceStaff', patient, false],
  ['practiceStaff', support, false],
];

describe('derived roles', () => {
  it.each(cases)('%s for %j is %s', (role, authorities, expected) => {
    expect(hasRole(authorities, role)).toBe(expected);
  });

  it('ignores unknown authority strings', () => {
    expect(hasRole(['customer.owner', 'made.up'], 'manager')).toBe(true);
    expect(
      hasRole(
        ['customer.frontoffice', 'customer.scheduler', 'made.up'],
        'schedulerWithNothingElse',
      ),
    ).toBe(true);
  });
});
