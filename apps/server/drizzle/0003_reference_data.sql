-- System code tables shared by every practice.
INSERT INTO reference_data (type, code, name, sort, is_patient_type, is_insurance_type) VALUES
  ('claimStatuses', 'DRAFT', 'Draft', 1, NULL, NULL),
  ('claimStatuses', 'READY_TO_SUBMIT', 'Ready to submit', 2, NULL, NULL),
  ('claimStatuses', 'SUBMITTED', 'Submitted', 3, NULL, NULL),
  ('claimStatuses', 'ACCEPTED', 'Accepted by payer', 4, NULL, NULL),
  ('claimStatuses', 'REJECTED', 'Rejected', 5, NULL, NULL),
  ('claimStatuses', 'DENIED', 'Denied', 6, NULL, NULL),
  ('claimStatuses', 'PARTIALLY_PAID', 'Partially paid', 7, NULL, NULL),
  ('claimStatuses', 'PAID', 'Paid', 8, NULL, NULL),
  ('claimStatuses', 'CLOSED', 'Closed', 9, NULL, NULL),
  ('claimStatusCategories', 'OPEN', 'Open', 1, NULL, NULL),
  ('claimStatusCategories', 'IN_PROCESS', 'In process', 2, NULL, NULL),
  ('claimStatusCategories', 'PROBLEM', 'Needs attention', 3, NULL, NULL),
  ('claimStatusCategories', 'FINALIZED', 'Finalized', 4, NULL, NULL),
  ('claimTypes', 'PRIMARY', 'Primary', 1, NULL, NULL),
  ('claimTypes', 'SECONDARY', 'Secondary', 2, NULL, NULL),
  ('claimSubmissionTypes', 'ORIGINAL', 'Original (1)', 1, NULL, NULL),
  ('claimSubmissionTypes', 'REPLACEMENT', 'Replacement (7)', 2, NULL, NULL),
  ('claimSubmissionTypes', 'VOID', 'Void (8)', 3, NULL, NULL),
  ('accountStatementTypes', 'STATEMENT', 'Statement', 1, NULL, NULL),
  ('accountStatementTypes', 'SUPERBILL', 'Superbill', 2, NULL, NULL),
  ('accountStatementTypes', 'INVOICE', 'Invoice', 3, NULL, NULL),
  ('accountPaymentTypes', 'CARD', 'Credit or debit card', 1, true, false),
  ('accountPaymentTypes', 'CASH', 'Cash', 2, true, false),
  ('accountPaymentTypes', 'CHECK', 'Check', 3, true, true),
  ('accountPaymentTypes', 'EFT', 'Electronic funds transfer', 4, false, true),
  ('accountPaymentTypes', 'ERA', 'Electronic remittance', 5, false, true),
  ('accountPaymentTypes', 'ADJUSTMENT', 'Adjustment', 6, false, false);
--> statement-breakpoint
INSERT INTO record_statuses (id, name) VALUES (1, 'Active'), (2, 'Inactive'), (3, 'Deleted');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('record_statuses', 'id'), 3);
