-- The whole, constant supply of every currency is issued once, here, to the system supply
-- accounts. Afterwards value only moves between accounts (server/services/ledger.ts), so the sum
-- of each currency over all accounts stays equal to CURRENCY_SUPPLY.
INSERT INTO "accounts" ("system_key", "currency", "balance", "issued") VALUES
	('supply', 'terycarbons', 1000000000000, 1000000000000),
	('supply', 'gems', 1000000000000, 1000000000000),
	('supply', 'voltaCharge', 1000000000000, 1000000000000),
	('supply', 'terydollars', 1000000000000, 1000000000000);
