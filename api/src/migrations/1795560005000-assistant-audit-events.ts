import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The assistant's audit follows the appointment lifecycle (issue 24, decision 0190): an applied change's audit line
 * is written by the `assistant-audit` listener in the change's own transaction, linked to its event. One line per
 * proposal (a proposal is decided once: applied, failed or rejected), so a replay of the listener, or the confirm
 * path's own write after it, changes nothing; `event_id` names the event the line was written for (null for a
 * change that is not an appointment's: time off, hours, reminders, and for lines written before this).
 */
export class AssistantAuditEvents1795560005000 implements MigrationInterface {
  name = 'AssistantAuditEvents1795560005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "assistant_audit"
         ADD COLUMN "event_id" uuid REFERENCES "appointment_events"("id") ON DELETE SET NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_assistant_audit_proposal" ON "assistant_audit" ("proposal_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "UQ_assistant_audit_proposal"');
    await q.query('ALTER TABLE "assistant_audit" DROP COLUMN "event_id"');
  }
}
