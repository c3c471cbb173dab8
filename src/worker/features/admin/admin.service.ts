// The admin's services (issue 12): lists that include hidden rows, units, users' admin fields,
// credit adjustments, events and their CSV, the sitemap, and the two outside helpers of SPEC §7.
import { ContentStatus, Role } from '#shared/enums'
import { EXPORT_MAX_ROWS, type AdminUserForm, type PropertyForm, type UnitForm } from '#shared/contract/admin'
import type { AdminListName } from '#shared/contract/admin.rows'
import { pagination, type ListQuery } from '#shared/contract/list'
import { textOf } from '#shared/text'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import { contentChanged } from '#worker/http/public-cache'
import { findRoute } from '#worker/features/content/manage.service'
import { tellWaitingSuggestions } from '#worker/features/forms/forms.service'
import { findLivePost, setPostCover } from '#worker/features/posts/manage.service'
import { sitemapUrls, sitemapXml } from '#worker/features/site/site.seo'
import { endRealtime } from '#worker/realtime/channels'
import { refreshSessions } from '#worker/identity/sessions'
import { cancelHostedBy, stopsHosting } from '#worker/features/appointments/leaving.service'
import * as repo from './admin.repo'
import { adminStanding } from '#worker/features/users/permissions.service'
import * as lists from './lists.repo'
import { peopleNames } from './audit.repo'
import { peopleIdsOf } from '#shared/audit-people'
import { patchOf } from '#worker/db/patch'

/** A page of admin list `name`, its rows typed per entity (contract/admin.rows.ts). */
export async function list<N extends AdminListName>(ctx: Ctx, name: N, q: ListQuery<Record<string, unknown>>) {
  const { rows, total } = await lists.listPage(ctx.db, name, q)
  if (name === 'audit') await namePeople(ctx, rows as Record<string, unknown>[])
  return { rows, pagination: pagination(q, total, rows.length) }
}

/** An audit page's rows get the names of the people their snapshots name by id, in one query. */
async function namePeople(ctx: Ctx, rows: Record<string, unknown>[]) {
  const idsOf = (r: Record<string, unknown>) => [...peopleIdsOf(r.before), ...peopleIdsOf(r.after)]
  const names = await peopleNames(ctx.db, [...new Set(rows.flatMap(idsOf))])
  for (const r of rows)
    r.people = Object.fromEntries(idsOf(r).flatMap((id) => (names[id] ? [[String(id), names[id]]] : [])))
}

// ── Units ────────────────────────────────────────────────────────────────────────────────────

const unitMissing = () => new AppError('not_found', { message: 'admin.messages.unit_missing' })

/** POST /v1/unit: create (route_id and title required; last in its route) or update the fields sent. */
export async function saveUnit(ctx: Ctx, f: UnitForm) {
  const patch: Partial<Record<repo.UnitColumn, string | number | null>> = {}
  for (const col of repo.UNIT_COLUMNS) if (f[col] !== undefined) patch[col] = f[col] as string | number
  if (f.route_id !== undefined && !(await repo.routeExists(ctx.db, f.route_id)))
    throw new AppError('not_found', { message: 'content_manage.route_missing' })
  let id = f.id
  if (id === undefined) {
    const absent = (['route_id', 'title'] as const).filter((k) => f[k] === undefined)
    if (absent.length)
      throw new AppError('validation', { fields: Object.fromEntries(absent.map((k) => [k, ['validation.required']])) })
    id = await repo.insertUnit(ctx.db, patch)
  } else {
    if (!(await repo.findUnit(ctx.db, id))) throw unitMissing()
    await repo.updateUnit(ctx.db, id, patch)
  }
  const unit = (await repo.findUnit(ctx.db, id))!
  // A published route's first visible unit: those waiting for such a route are told now.
  const route = unit.status === ContentStatus.visible ? await findRoute(ctx, Number(unit.route_id)) : undefined
  if (route) await tellWaitingSuggestions(ctx, route)
  return { unit, created: f.id === undefined }
}

export async function deleteUnit(ctx: Ctx, id: number) {
  if (!(await repo.deleteUnitRow(ctx.db, id))) throw unitMissing()
}

/** POST /v1/unit/move: the route's units in their new order. */
export async function moveUnit(ctx: Ctx, id: number, direction: 'up' | 'down') {
  const routeId = await repo.moveUnitRow(ctx.db, id, direction)
  if (routeId === null) throw unitMissing()
  const q = {
    page: 1,
    perPage: 500,
    offset: 0,
    order: { column: 'order', dir: 'asc' as const },
    filters: { route_id: routeId },
    properties: [],
    relations: [],
    counts: [],
  }
  return (await lists.listPage(ctx.db, 'units', q)).rows
}

// ── Users ────────────────────────────────────────────────────────────────────────────────────

const userMissing = () => new AppError('not_found', { message: 'admin.messages.user_missing' })

export async function saveUser(ctx: Ctx, f: AdminUserForm) {
  const before = await repo.adminUserRow(ctx.db, f.id)
  if (!before) throw userMissing()
  const patch: Partial<Record<keyof typeof repo.USER_COLUMNS, string | number | null>> = {}
  for (const k of Object.keys(repo.USER_COLUMNS) as (keyof typeof repo.USER_COLUMNS)[]) {
    const v = f[k]
    if (v !== undefined) patch[k] = typeof v === 'boolean' ? (v ? 1 : 0) : v
  }
  // The caller's row as D1's primary had it after the body arrived (staff are confirmed then,
  // identity/): the write holds only while that admin still is one.
  const admin = ctx.user!
  if (!(await repo.updateAdminUser(ctx.db, f.id, patch, { id: admin.id, passwordHash: admin.row.passwordHash }))) {
    if (!(await repo.adminUserRow(ctx.db, f.id))) throw userMissing()
    // The caller first: one who has just lost the role (two admins demoting each other at once)
    // is refused as any non-admin is, and learns nothing of who the admins are.
    const standing = await adminStanding(ctx, { id: admin.id, passwordHash: admin.row.passwordHash }, f.id)
    if (!standing.stillAdmin) throw new AppError('unauthorized')
    if (patch.role !== undefined && Number(before.role) === Role.admin && !standing.othersAdmin)
      throw new AppError('conflict', {
        message: 'admin.messages.last_admin',
        fields: { role: ['admin.messages.last_admin'] },
      })
    throw new AppError('unauthorized')
  }
  await refreshSessions(ctx.env, f.id) // a new role or name reaches the person's sessions now
  // A psychologist who no longer hosts (docs/decisions/058): their sessions to come are cancelled
  // with all the guests' credits back and each guest told; those that started are left to close.
  if (patch.role !== undefined && stopsHosting(Number(before.role), Number(patch.role))) await cancelHostedBy(ctx, f.id)
  // A new role: the person's sockets were opened with the old one (role notices follow it), so they reconnect.
  if (patch.role !== undefined && Number(patch.role) !== Number(before.role)) await endRealtime(ctx.env, f.id)
  return (await repo.adminUserRow(ctx.db, f.id))!
}

/** POST /v1/admin/user/credits: the ledger row and the new balance (cents). */
export async function adjustCredits(ctx: Ctx, userId: number, amountCents: number, reason: string) {
  if (!(await repo.adminUserRow(ctx.db, userId))) throw userMissing()
  const balance = await repo.insertAdjustment(ctx.db, userId, amountCents, reason, ctx.user!.id)
  // The same adjustment sent again (a double click, a retry): applied once (issue 41 §4).
  if (balance === null) throw new AppError('conflict', { message: 'admin.messages.adjustment_repeated' })
  return balance
}

// ── Properties ───────────────────────────────────────────────────────────────────────────────

const propertyMissing = () => new AppError('not_found', { message: 'admin.messages.property_missing' })

/** POST /v1/route/property: create (key required, unique) or update value and description. */
export async function saveProperty(ctx: Ctx, f: PropertyForm) {
  if (f.id === undefined) {
    if (!f.key) throw new AppError('validation', { fields: { key: ['validation.required'] } })
    const id = await repo.insertProperty(ctx.db, {
      key: f.key,
      value: f.value ?? null,
      description: f.description ?? null,
      by: ctx.user!.id,
    })
    if (!id)
      throw new AppError('conflict', {
        message: 'admin.messages.property_taken',
        fields: { key: ['admin.messages.property_taken'] },
      })
    return { property: (await repo.findProperty(ctx.db, id))!, created: true }
  }
  if (!(await repo.findProperty(ctx.db, f.id))) throw propertyMissing()
  await repo.updateProperty(ctx.db, f.id, patchOf(f, ['value', 'description']), ctx.user!.id)
  return { property: (await repo.findProperty(ctx.db, f.id))!, created: false }
}

export async function deleteProperty(ctx: Ctx, id: number) {
  if (!(await repo.deletePropertyRow(ctx.db, id))) throw propertyMissing()
}

// ── Events ───────────────────────────────────────────────────────────────────────────────────

const csvCell = (v: unknown) => {
  const s = textOf(v)
  // Quote every cell; a leading =, +, - or @ is prefixed so a spreadsheet never runs it as a formula.
  return `"${(/^[=+\-@]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`
}

export async function exportEvents(ctx: Ctx, filters: Record<string, unknown>) {
  const rows = await lists.eventsForExport(ctx.db, filters, EXPORT_MAX_ROWS)
  const cols = ['id', 'created_at', 'event', 'page', 'session_id', 'user_id', 'params'] as const
  const csv = [cols.join(','), ...rows.map((r) => cols.map((c) => csvCell(r[c])).join(','))].join('\r\n') + '\r\n'
  return { csv, rows: rows.length }
}

// ── Sitemap ──────────────────────────────────────────────────────────────────────────────────

/** POST /v1/admin/sitemap: build it now (it is served fresh; cached copies are dropped). */
export async function regenerateSitemap(ctx: Ctx) {
  try {
    const urls = await sitemapUrls(ctx.db, ctx.linkBase)
    sitemapXml(urls)
    await contentChanged(ctx.env)
    return urls.length
  } catch (err) {
    console.warn('sitemap generation failed:', err instanceof Error ? err.message : err)
    throw new AppError('unavailable', { message: 'admin.sitemap.error' })
  }
}

// ── Outside helpers (SPEC §7), through fetch ─────────────────────────────────────────────────

// 400, not 503: the server works, the feature is simply off on this deploy.
const notConfigured = (service: string) =>
  new AppError('bad_request', { message: 'admin.messages.not_configured', params: { service } })
const outsideFailed = (service: string) =>
  new AppError('unavailable', { message: 'admin.messages.outside_failed', params: { service } })

async function livePost(ctx: Ctx, id: number) {
  const post = await findLivePost(ctx, id)
  if (!post) throw new AppError('not_found', { message: 'admin.messages.post_missing' })
  return post
}

/** POST /v1/post/update_image_using_unsplash: the first landscape photo for the post's title, cropped 19:11. */
export async function imageFromUnsplash(ctx: Ctx, postId: number) {
  const key = ctx.env.UNSPLASH_ACCESS_KEY
  if (!key) throw notConfigured('Unsplash')
  const post = await livePost(ctx, postId)
  const url = `https://api.unsplash.com/search/photos?orientation=landscape&per_page=1&query=${encodeURIComponent(post.tag || post.title)}`
  let res: Response
  try {
    res = await fetch(url, { headers: { authorization: `Client-ID ${key}`, 'accept-version': 'v1' } })
  } catch {
    throw outsideFailed('Unsplash')
  }
  if (!res.ok) throw outsideFailed('Unsplash')
  const body = (await res.json().catch(() => null)) as { results?: { urls?: { raw?: string } }[] } | null
  const raw = body?.results?.[0]?.urls?.raw
  if (!raw || !raw.startsWith('https://')) throw new AppError('not_found', { message: 'admin.messages.no_picture' })
  const cover = `${raw}${raw.includes('?') ? '&' : '?'}w=1520&h=880&fit=crop`
  await setPostCover(ctx, post, cover)
  await contentChanged(ctx.env)
  return cover
}

const AI_PROMPTS: Record<string, string> = {
  title: 'Suggest one short, kind title for this article.',
  description: 'Write a two-sentence summary of this article.',
  content: 'Suggest an outline with h2 and h3 headings for this article, as HTML.',
  seo_title: 'Suggest an SEO title (at most 60 characters) for this article.',
  seo_description: 'Suggest an SEO description (at most 155 characters) for this article.',
  tags: 'Suggest up to five tags for this article, joined by |.',
}

/** GET /v1/ai/post/{target}: a suggestion from an OpenAI-compatible chat API. */
export async function aiForPost(ctx: Ctx, target: string, postId: number | undefined, prompt: string | undefined) {
  if (!Object.hasOwn(AI_PROMPTS, target))
    throw new AppError('validation', { fields: { target: ['validation.choice'] } })
  const key = ctx.env.AI_API_KEY
  if (!key) throw notConfigured('AI')
  const post = postId ? await livePost(ctx, postId) : null
  const about = [
    post
      ? `Title: ${post.title}\n${post.description ?? ''}\n${(post.content ?? '').replace(/<[^>]+>/g, ' ').slice(0, 6000)}`
      : '',
    prompt ?? '',
  ]
    .join('\n')
    .trim()
  let res: Response
  try {
    res = await fetch(ctx.env.AI_API_URL || 'https://api.openai.com/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: ctx.env.AI_MODEL || 'gpt-4o-mini',
        messages: [
          {
            role: 'system',
            content: `You help the editors of a mental-health blog. Answer in ${ctx.locale === 'es' ? 'Spanish' : 'English'}.`,
          },
          { role: 'user', content: `${AI_PROMPTS[target]}\n\n${about}` },
        ],
      }),
    })
  } catch {
    throw outsideFailed('AI')
  }
  if (!res.ok) throw outsideFailed('AI')
  const body = (await res.json().catch(() => null)) as { choices?: { message?: { content?: string } }[] } | null
  const text = body?.choices?.[0]?.message?.content
  if (typeof text !== 'string') throw outsideFailed('AI')
  return text.trim()
}
