export {
  createJobQueue,
  newLeaseOwner,
  ownerProcess,
  type JobKind,
  type JobProgress,
  type JobQueue,
  type JobRecord,
} from './queue.ts';
export { runClaimedJob, type JobRun, type JobRunner } from './runner.ts';
export { createJobs, jobsFeature } from './feature.ts';
