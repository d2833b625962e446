/**
 * The wire shape of one client search row (spec-2 §3 Client search row), as
 * `GET /api/patient/findPatients` answers it. One definition for both sides.
 * The optional keys are left out of rows whose fields the caller may not see
 * (client-fields.ts).
 */
export interface ClientSearchRow {
  user_id: number;
  patient_rcrd_id: number;
  patient_first_name: string;
  patient_last_name: string;
  patient_nick_name: string | null;
  therapist_first_name: string | null;
  therapist_last_name: string | null;
  therapist_names: string[];
  group_name: string | null;
  practice_insurance_id?: number | null;
  practice_insurance_name?: string | null;
  secondary_practice_insurance_id?: number | null;
  secondary_practice_insurance_name?: string | null;
  responsible_party_first_name?: string | null;
  responsible_party_last_name?: string | null;
  user_insurance_insurancenumber?: string | null;
  email?: string | null;
  phone?: string | null;
  /** ISO date. */
  dateOfBirth?: string | null;
  payment_type?: 'Insurance' | 'Private Pay' | 'None';
  /** Already formatted: 'C000001234'. */
  accountNumber: string;
  clientStatus: 'Active' | 'Inactive';
  /** ISO date-time. */
  added: string;
  isGroup: boolean;
  custom_searchable_id: string | null;
}
