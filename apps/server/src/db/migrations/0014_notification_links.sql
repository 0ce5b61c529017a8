-- A notification about a transfer links to it (the web opens the path; the e-mail carries the URL).
alter table notifications add column link text;
