import { Hono } from 'hono'
import { Role } from '#shared/enums'
import * as calls from '#shared/contract/psychologists'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { requireRole } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import { purgeAfterEdit } from '#worker/http/public-cache'
import * as psychologists from './psychologists.service'

/** A psychologist's own agenda and extras (SPEC §6 "Psychologist (host) ... has extra profile
 *  fields, can be open to appointments"): psychologists only, every other role 403. The writes
 *  bump the shared content version: the landings list open psychologists with their extras. */
const psychologistsOnly = requireRole(Role.psychologist)

export const psychologistsRoutes = new Hono<AppEnv>()
  .on(
    calls.getMyAvailability.method,
    calls.getMyAvailability.path,
    psychologistsOnly,
    ...endpoint(calls.getMyAvailability, async (c) =>
      reply(c, calls.getMyAvailability, await psychologists.availability(ctxOf(c))),
    ),
  )
  .on(
    calls.saveMyAvailability.method,
    calls.saveMyAvailability.path,
    psychologistsOnly,
    purgeAfterEdit,
    ...endpoint(calls.saveMyAvailability, async (c, f) =>
      reply(c, calls.saveMyAvailability, await psychologists.saveAvailability(ctxOf(c), f), {
        message: 'psychologist_profile.availability_saved',
      }),
    ),
  )
  .on(
    calls.saveMyPsychologistProfile.method,
    calls.saveMyPsychologistProfile.path,
    psychologistsOnly,
    purgeAfterEdit,
    ...endpoint(calls.saveMyPsychologistProfile, async (c, f) =>
      reply(
        c,
        calls.saveMyPsychologistProfile,
        { psychologist: await psychologists.saveExtras(ctxOf(c), f) },
        { message: 'psychologist_profile.extras_saved' },
      ),
    ),
  )
