export {
  createJobs,
  forgetJobData,
  installJobSchema,
  JOB_SCHEMA,
  type JobOptions,
  type Jobs,
  type JobsDeps,
} from './jobs.js';
export { positionalSql, transactionExecutor } from './transaction-executor.js';
