-- Background jobs claimed across server processes: a process runs a job only while it holds the
-- job's lease (see apps/server/src/jobs/job-lease.ts). A lease a little shorter than the job's
-- interval means each job runs once per interval whatever the number of processes; a crashed
-- holder's lease simply expires.
create table job_leases (
  name text primary key,
  holder text not null,
  leased_until timestamptz not null
);
