-- Card payments (issue 19 item 4): a ledger payment is charged at a processor at most once, and
-- the ledger and a refund find a payment's card charge by its entry (which payments may go back
-- to the card) without reading every charge of the practice.
CREATE UNIQUE INDEX "card_charges_payment_idx" ON "card_charges" ("payment_entry_id");
