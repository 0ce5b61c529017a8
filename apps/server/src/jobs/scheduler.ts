import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../context';
import { claimJob, renewJob } from './job-lease';
import type { JobName } from './lock-ids';

export interface ScheduledJob {
  /** The job's name in the registry (`JobName` in lock-ids.ts); one lease per name. */
  name: JobName;
  /** How often the job runs, across all server processes together. */
  everyMs: number;
  /** Also run (claimed like any run) right after start, not only one interval later. */
  atStart?: boolean;
  run(ctx: AppContext): Promise<unknown>;
}

export interface JobRun {
  name: JobName;
  holder: string;
  startedAt: number;
  ms: number;
  error?: unknown;
}

export interface SchedulerOptions {
  /** This process's name in `job_leases.holder` (default: host, pid and a random suffix). */
  holder?: string;
  /** Called after every run this process made (metrics, tests). */
  onRun?: (run: JobRun) => void;
}

/**
 * The lease a claim takes: a little shorter than the interval, so the holder's next tick finds
 * it expired and claims it again, while every other process's tick in between finds it held.
 * Two runs of one job are thus never closer than this, whatever the number of processes.
 */
export function leaseFor(everyMs: number): number {
  return everyMs - Math.min(Math.round(everyMs / 10), 2000);
}

export function defaultHolder(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Runs each job every `everyMs` in this process only when it claims the job's lease, so N
 * server processes on one database run each job once per interval, not N times. A job never
 * overlaps itself in one process; one running longer than its lease renews it. Failures are
 * logged and the next interval tries again. The returned function stops the timers and
 * resolves once the runs under way have finished.
 */
export function startJobs(
  ctx: AppContext,
  jobs: readonly ScheduledJob[],
  options: SchedulerOptions = {},
): () => Promise<void> {
  const holder = options.holder ?? defaultHolder();
  const running = new Map<JobName, Promise<void>>();
  let stopped = false;

  const runOnce = async (job: ScheduledJob): Promise<void> => {
    const leaseMs = leaseFor(job.everyMs);
    let claimed: boolean;
    try {
      claimed = await claimJob(ctx.db, job.name, holder, leaseMs);
    } catch (error) {
      ctx.log.warn({ err: error, job: job.name }, 'job claim failed');
      return;
    }
    if (!claimed || stopped) return;
    const heartbeat = setInterval(
      () => {
        renewJob(ctx.db, job.name, holder, leaseMs).catch((error: unknown) =>
          ctx.log.warn({ err: error, job: job.name }, 'job lease renewal failed'),
        );
      },
      Math.max(1, Math.floor(leaseMs / 2)),
    );
    const startedAt = Date.now();
    let failure: { error: unknown } | undefined;
    try {
      await job.run(ctx);
    } catch (error) {
      failure = { error };
      ctx.log.warn({ err: error, job: job.name }, 'background job failed');
    } finally {
      clearInterval(heartbeat);
    }
    try {
      options.onRun?.({ name: job.name, holder, startedAt, ms: Date.now() - startedAt, ...failure });
    } catch (error) {
      ctx.log.warn({ err: error, job: job.name }, 'job run listener failed');
    }
  };

  const tick = (job: ScheduledJob) => {
    if (stopped || running.has(job.name)) return;
    running.set(
      job.name,
      runOnce(job).finally(() => running.delete(job.name)),
    );
  };
  const timers = jobs.map((job) => setInterval(() => tick(job), job.everyMs));
  const starts = jobs.filter((job) => job.atStart).map((job) => setTimeout(() => tick(job), 0));

  return async () => {
    stopped = true;
    timers.forEach((timer) => clearInterval(timer));
    starts.forEach((timer) => clearTimeout(timer));
    await Promise.allSettled([...running.values()]);
  };
}
