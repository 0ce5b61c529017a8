-- §3 family wallet address types: in a family space (organizations.kind 2) each wallet says what
-- it is for: 3 inheritance, 4 common, 5 backup/shared. Null in company spaces.
alter table wallets add column family_address_type smallint;
update wallets set family_address_type = 4
  where organization_id in (select id from organizations where kind = 2);
