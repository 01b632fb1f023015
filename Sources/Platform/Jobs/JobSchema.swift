import Persistence

/// The durable jobs table that replaces QStash: every delayed or background piece of work
/// (notification deliveries, re-embedding, weekly feedback analysis) is a row here, leased by one
/// scheduler at a time and retried with backoff until it succeeds or is declared dead.
public enum JobSchema {
    public static let migrations = MigrationSet(
        component: "jobs",
        migrations: [
            Migration(
                version: 1, name: "jobs",
                template: [
                    """
                    CREATE TABLE jobs (
                        id {uuid} PRIMARY KEY,
                        kind TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        priority INTEGER NOT NULL DEFAULT 0,
                        run_at {ts} NOT NULL,
                        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'succeeded', 'dead', 'cancelled')),
                        attempts INTEGER NOT NULL DEFAULT 0,
                        max_attempts INTEGER NOT NULL CHECK (max_attempts > 0),
                        lease_owner TEXT,
                        lease_expires_at {ts},
                        idempotency_key TEXT UNIQUE,
                        last_error TEXT,
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL,
                        finished_at {ts}
                    )
                    """,
                    // Claiming scans pending jobs by priority, then due time, and stops at the batch size.
                    "CREATE INDEX jobs_pending ON jobs (priority DESC, run_at) WHERE status = 'pending'",
                    "CREATE INDEX jobs_due ON jobs (run_at) WHERE status = 'pending'",
                    "CREATE INDEX jobs_leases ON jobs (lease_expires_at) WHERE status = 'running'",
                    "CREATE INDEX jobs_kind_status ON jobs (kind, status)",
                ]
            ),
            // A queue table churns: every job is inserted, updated twice and purged. Vacuuming it early
            // keeps dead index entries from slowing claims (jobs-benchmark: steady-stream p99 677 ms on a
            // bloated table, 5 ms after a vacuum).
            Migration(
                version: 2, name: "jobs_autovacuum",
                sqlite: [],
                postgres: ["ALTER TABLE jobs SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0.02)"]
            ),
            Migration(
                version: 3, name: "jobs_finished_index",
                template: ["CREATE INDEX jobs_finished ON jobs (finished_at) WHERE status IN ('succeeded', 'cancelled', 'dead')"]
            ),
        ])
}
