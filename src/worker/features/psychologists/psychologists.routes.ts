import { Role } from '#shared/enums'
import * as calls from '#shared/contract/psychologists'
import { requireRole } from '#worker/http/auth'
import { routes } from '#worker/http/mount'
import { purgeAfterEdit } from '#worker/http/public-cache'
import * as psychologists from './psychologists.service'

/** A psychologist's own agenda and extras (SPEC §6 "Psychologist (host) ... has extra profile
 *  fields, can be open to appointments"): psychologists only, every other role 403. The writes
 *  bump the shared content version: the landings list open psychologists with their extras. */
const psychologistsOnly = requireRole(Role.psychologist)
const edit = [psychologistsOnly, purgeAfterEdit]

export const psychologistsRoutes = routes((on) => {
  on(calls.getMyAvailability, psychologistsOnly, (_, ctx) => psychologists.availability(ctx))
  on(calls.saveMyAvailability, edit, (f, ctx) => psychologists.saveAvailability(ctx, f))
  on(calls.saveMyPsychologistProfile, edit, async (f, ctx) => ({
    psychologist: await psychologists.saveExtras(ctx, f),
  }))
})
