import type { InvitationActivity, InviteeActivityKind } from '../jobs/job-types';
import { type InviteeCounter, incrementInviteeCounter } from './invitation.repository';

/** The invitations column of each activity kind (spec 000 §3 calculationNum, modelingNum, optimizingNum). */
const COUNTER_OF_KIND: Readonly<Record<InviteeActivityKind, InviteeCounter>> = {
  calculation: 'calculation_num',
  modelling: 'modeling_num',
  optimisation: 'optimizing_num',
};

/**
 * Counts an invitee's accepted jobs on their invitation record, shown to the inviter on the record
 * page: one `UPDATE … SET n = n + 1` in the caller's transaction (no read-modify-write, so
 * concurrent jobs are all counted); a user nobody invited matches no row and nothing happens.
 */
export const inviteeActivity: InvitationActivity = {
  record: (trx, userId, kind) => incrementInviteeCounter(trx, userId, COUNTER_OF_KIND[kind]),
};
