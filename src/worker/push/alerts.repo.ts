// The admins' notice when pushes cannot go out through a fault of ours (./vapid.ts): an
// ordinary admin notice, in-app, to the admin role, due now, in both languages; the notice path
// (features/notifications) delivers it as any other.
import { sql } from 'drizzle-orm'
import { Role } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { run } from '#worker/db/query'

type Copy = Record<'es' | 'en', { title: string; description: string }>

export const insertAdminAlert = (db: Db, now: number, copy: Copy) =>
  run(
    db,
    sql`INSERT INTO admin_notifications (status, send_at, channel, role_recipients, readers_only, at_best_moment, copy, level, title, description, created_at)
        VALUES ('pending', ${now}, 'in_app', ${Role.admin}, 0, 0, ${JSON.stringify(copy)}, 'danger', ${copy.en.title}, ${copy.en.description}, ${now})`,
  )
