// The lifecycle table's cells of issue 41 §4 ("one psychologist, one session at a time"), through
// the Worker, real D1 and the real HostSchedule object (docs/decisions/061, docs/API.md
// "Life events and what they reach"). Rows: the session length changed by the psychologist, a
// session moved, an account created, the timezone changing between calls. Columns: the sessions a
// person hosts, the sessions they booked, their activity days, streaks and ranking, their check-ins.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { psychologistAvailability } from '#worker/db/schema'
import { instantOf, wallClock } from '#worker/lib/zones'
import { given } from '../factories'
import { api, json } from '../helpers'
import { bearer, register } from '../users/support'
import { book, call, day, guest, host, madrid } from '../appointments/support'
import { routeWithMedia, save, someone } from '../playback/support'

const DAY = 86_400_000
/** `hh:mm` on `date` on a Madrid clock, as the ISO text the calls take. */
const hm = (date: string, h: number, m: number) => new Date(instantOf(date, h * 60 + m, 'Europe/Madrid')!).toISOString()
const MADRID = 'Europe/Madrid'
const WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const

/** The psychologist saves the same hours (09:00-13:00 every day) with sessions of `minutes`. */
const changeLength = (token: string, minutes: number) =>
  call(token, 'POST', '/v1/my/availability', {
    timezone: MADRID,
    open: '1',
    slot_minutes: String(minutes),
    ...Object.fromEntries(WEEK.map((d) => [d, '09:00-13:00'])),
  })

const slotsOf = async (hostId: number, date: string, zone = MADRID) => {
  const { res, body } = await call(
    (await register({ password: '' })).token,
    'GET',
    `/v1/appointment/slots?host_id=${hostId}&date=${date}&timezone=${encodeURIComponent(zone)}`,
  )
  expect(res.status).toBe(200)
  return (body.slots as { start_at: string; end_at: string }[]).map((s) => ({
    start: Date.parse(s.start_at),
    end: Date.parse(s.end_at),
  }))
}

const move = (token: string, id: number, to: string, current: string, locale = 'en') =>
  call(token, 'POST', '/v1/appointment/move', { id: String(id), start_at: to, current_start_at: current }, locale)

const sessionRow = (id: number) =>
  env.DB.prepare('SELECT start_at, end_at, status, moves FROM appointments WHERE id = ?1')
    .bind(id)
    .first<{ start_at: number; end_at: number; status: number; moves: number }>()

/** Live sessions of a host that overlap one another: none may exist (the invariant of issue 41 §4). */
const overlapsOf = async (hostId: number) =>
  (
    await env.DB.prepare(
      `SELECT a.id AS a, b.id AS b FROM appointments a JOIN appointments b
         ON a.host_id = b.host_id AND a.id < b.id AND a.start_at < b.end_at AND b.start_at < a.end_at
       WHERE a.host_id = ?1 AND a.status IN (1, 2) AND b.status IN (1, 2)`,
    )
      .bind(hostId)
      .all()
  ).results

const activityOf = async (userId: number) => {
  const days = await env.DB.prepare('SELECT day, points FROM activity_days WHERE user_id = ?1 AND frozen = 0')
    .bind(userId)
    .all<{ day: string; points: number }>()
  const eng = await env.DB.prepare('SELECT current_streak, points FROM user_engagement WHERE user_id = ?1')
    .bind(userId)
    .first<{ current_streak: number; points: number }>()
  const streakRewards = await env.DB.prepare(
    `SELECT r.threshold FROM user_rewards ur JOIN rewards r ON r.id = ur.reward_id
     WHERE ur.user_id = ?1 AND r.key = 'usage_streak' ORDER BY r.threshold`,
  )
    .bind(userId)
    .all<{ threshold: number }>()
  return {
    days: days.results.map((d) => d.day).sort(),
    points: eng?.points ?? 0,
    streak: eng?.current_streak ?? 0,
    streakRewards: streakRewards.results.map((r) => r.threshold),
  }
}

const checkinsOf = async (userId: number) =>
  (await env.DB.prepare('SELECT day, mood FROM checkins WHERE user_id = ?1').bind(userId).all()).results

/**
 * Two zones whose dates differ from UTC's right now, and from each other: Kiritimati (UTC+14) is a
 * day ahead of UTC from 10:00 UTC, Pago Pago (UTC-11) a day behind until 11:00 UTC.
 */
function zonesApart(now = Date.now()) {
  const ahead = new Date(now).getUTCHours() >= 10
  const kept = ahead ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'
  const other = ahead ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati'
  expect(wallClock(now, kept).date).not.toBe(new Date(now).toISOString().slice(0, 10))
  expect(wallClock(now, kept).date).not.toBe(wallClock(now, other).date)
  return { kept, other }
}

/**
 * A host whose day has a 60-minute grid and a 50-minute grid at once: what two requests see when
 * one read the hours before the psychologist changed the length and the other after (two rows of
 * one weekday, as the availability table allows). 10:00 is a 60-minute session, 09:50 a 50-minute
 * one: 10:00-11:00 and 09:50-10:40 overlap though their starts differ.
 */
async function hostOfTwoLengths() {
  const h = await host()
  await env.DB.prepare('DELETE FROM psychologist_availability WHERE host_id = ?1').bind(h.id).run()
  for (let weekday = 0; weekday < 7; weekday++)
    for (const slotMinutes of [60, 50])
      await given(psychologistAvailability, {
        hostId: h.id,
        weekday,
        startMinute: 540,
        endMinute: 780,
        slotMinutes,
        timezone: MADRID,
      })
  return h
}

describe('lifecycle: one psychologist, one session at a time (issue 41 §4)', () => {
  // ── Row: the session length changed by the psychologist ─────────────────────────────────────

  it('[session length changed by the psychologist × sessions they host] the live sessions keep their length; no slot or booking overlaps them', async () => {
    const h = await host()
    const date = day(6)
    const a = await guest()
    const first = await book(a.token, h.id, madrid(date, 10)) // 10:00-11:00 on the 60-minute grid
    expect(first.res.status).toBe(201)
    expect((await changeLength(h.token, 50)).res.status).toBe(200) // 09:00, 09:50, 10:40, 11:30 (12:20 would end after 13:00)

    // The offer: only times that do not overlap 10:00-11:00 (09:00-09:50 ends before it starts).
    const offered = await slotsOf(h.id, date)
    expect(offered.map((s) => new Date(s.start).toISOString())).toEqual(
      [madrid(date, 9), hm(date, 11, 30)].map((x) => new Date(x).toISOString()),
    )
    for (const s of offered) expect(s.end - s.start).toBe(50 * 60_000)

    // A booking at 09:50 or 10:40 (on the new grid, overlapping the live session): 409 with the field.
    const b = await guest()
    for (const [start, locale] of [
      [hm(date, 9, 50), 'en'],
      [hm(date, 10, 40), 'es'],
    ] as const) {
      const refused = await book(b.token, h.id, start, locale)
      expect(refused.res.status).toBe(409)
      expect(refused.body.errors.start_at).toEqual([
        locale === 'en'
          ? 'Someone has just booked this time. Please choose another one.'
          : 'Alguien acaba de reservar esta hora. Por favor, elige otra.',
      ])
    }
    // The live session kept its own interval; the next free one books.
    expect(await sessionRow(first.body.appointment.id)).toMatchObject({
      start_at: Date.parse(madrid(date, 10)),
      end_at: Date.parse(madrid(date, 11)),
    })
    expect((await book(b.token, h.id, hm(date, 11, 30))).res.status).toBe(201)
    expect(await overlapsOf(h.id)).toEqual([])
  })

  it('[session length changed by the psychologist × sessions they booked] a guest’s session keeps its time; a move into another’s interval is refused, a free one takes the new length', async () => {
    const h = await host()
    const date = day(6)
    const [a, b] = [await guest(), await guest()]
    expect((await book(a.token, h.id, madrid(date, 10))).res.status).toBe(201) // 10:00-11:00
    const mine = await book(b.token, h.id, madrid(date, 12)) // 12:00-13:00
    expect(mine.res.status).toBe(201)
    const id = mine.body.appointment.id as number
    expect((await changeLength(h.token, 50)).res.status).toBe(200)

    // B's session is where it was, with its length, as B reads it.
    const listed = await call(b.token, 'GET', '/v1/appointments')
    expect(listed.body.appointments[0]).toMatchObject({
      id,
      start_at: new Date(madrid(date, 12)).toISOString(),
      end: new Date(madrid(date, 13)).toISOString(),
    })
    // Moving to 10:40 (10:40-11:30 overlaps A's 10:00-11:00): 409, the session stays.
    const refused = await move(b.token, id, hm(date, 10, 40), madrid(date, 12))
    expect(refused.res.status).toBe(409)
    expect(refused.body.errors.start_at).toEqual(['Someone has just booked this time. Please choose another one.'])
    expect(await sessionRow(id)).toMatchObject({ start_at: Date.parse(madrid(date, 12)), moves: 0 })
    // Moving to 11:30: the new time follows the host's length now (11:30-12:20).
    const moved = await move(b.token, id, hm(date, 11, 30), madrid(date, 12))
    expect(moved.res.status).toBe(200)
    expect(moved.body.appointment.end).toBe(new Date(hm(date, 12, 20)).toISOString())
    expect(await overlapsOf(h.id)).toEqual([])
  })

  it('[session length changed by the psychologist × activity days, streaks and ranking] nothing: a length change writes no activity day, streak or points for the host or their guests', async () => {
    const h = await host()
    const g = await guest()
    expect((await book(g.token, h.id, madrid(day(6), 10))).res.status).toBe(201)
    expect((await changeLength(h.token, 45)).res.status).toBe(200)
    for (const id of [h.id, g.id])
      expect(await activityOf(id)).toEqual({ days: [], points: 0, streak: 0, streakRewards: [] })
  })

  it('[session length changed by the psychologist × check-ins] nothing: a length change reads and writes no check-in', async () => {
    const h = await host()
    const g = await guest()
    expect((await call(g.token, 'POST', '/v1/checkin', { mood: '3' })).res.status).toBe(200)
    const before = await checkinsOf(g.id)
    expect((await changeLength(h.token, 45)).res.status).toBe(200)
    expect(await checkinsOf(g.id)).toEqual(before)
    expect(await checkinsOf(h.id)).toEqual([])
  })

  // ── Row: a session moved ────────────────────────────────────────────────────────────────────

  it('[a session moved × sessions they host] concurrent bookings and moves into overlapping intervals of one host: exactly one wins each race', async () => {
    const h = await hostOfTwoLengths()
    const date = day(7)
    // Six guests book at once, half 10:00-11:00 and half 09:50-10:40: one session, not two.
    const guests = await Promise.all(Array.from({ length: 6 }, () => guest()))
    const booked = await Promise.all(
      guests.map((g, i) => book(g.token, h.id, i % 2 ? madrid(date, 10) : hm(date, 9, 50), i % 3 ? 'en' : 'es')),
    )
    expect(booked.filter((r) => r.res.status === 201)).toHaveLength(1)
    expect(new Set(booked.filter((r) => r.res.status !== 201).map((r) => r.res.status))).toEqual(new Set([409]))
    expect(await overlapsOf(h.id)).toEqual([])

    // Two sessions booked elsewhere move at once into 12:00-13:00 and 11:30-12:20: one moves.
    const [p, q] = [await guest(), await guest()]
    const sp = await book(p.token, h.id, madrid(day(6), 9))
    const sq = await book(q.token, h.id, madrid(day(6), 11))
    expect([sp.res.status, sq.res.status]).toEqual([201, 201])
    const moves = await Promise.all([
      move(p.token, sp.body.appointment.id, madrid(date, 12), madrid(day(6), 9)),
      move(q.token, sq.body.appointment.id, hm(date, 11, 30), madrid(day(6), 11)),
    ])
    expect(moves.map((m) => m.res.status).sort()).toEqual([200, 409])
    expect(moves.find((m) => m.res.status === 409)!.body.errors.start_at).toEqual([
      'Someone has just booked this time. Please choose another one.',
    ])
    expect(await overlapsOf(h.id)).toEqual([])
  })

  it('[a session moved × sessions they booked] a session moves at most 3 times; the 4th is refused with the field in both languages; it can still be cancelled', async () => {
    const h = await host()
    const g = await guest()
    const first = madrid(day(6), 9)
    const booked = await book(g.token, h.id, first)
    expect(booked.body.appointment.moves_left).toBe(3)
    const id = booked.body.appointment.id as number
    let current = first
    for (const [i, hour] of [10, 11, 12].entries()) {
      const to = madrid(day(7), hour)
      const m = await move(g.token, id, to, current)
      expect(m.res.status).toBe(200)
      expect(m.body.appointment.moves_left).toBe(2 - i)
      current = to
    }
    for (const locale of ['en', 'es']) {
      const fourth = await move(g.token, id, madrid(day(8), 9), current, locale)
      expect(fourth.res.status).toBe(409)
      const text =
        locale === 'en'
          ? 'This session has already been moved 3 times, the most a session can be. You can still cancel it up to 24 hours before it starts.'
          : 'Esta sesión ya se ha cambiado 3 veces, el máximo para una sesión. Aún puedes cancelarla hasta 24 horas antes de que empiece.'
      expect(fourth.body.message).toBe(text)
      expect(fourth.body.errors.start_at).toEqual([text])
    }
    expect(await sessionRow(id)).toMatchObject({ start_at: Date.parse(current), moves: 3 })
    // The refused moves sent no mail: the booking's and the three moves' only (the issue's 20
    // back-and-forth moves sent 40).
    const mails = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_outbox WHERE template = 'appointment' AND to_address IN (?1, ?2)",
    )
      .bind(g.email, h.email)
      .first<{ n: number }>()
    expect(mails!.n).toBeLessThanOrEqual(2 + 3 * 2)
    const cancelled = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '128' })
    expect(cancelled.res.status).toBe(200)
    expect(cancelled.body.refunded_credits).toBe(45)
  })

  it('[a session moved × activity days, streaks and ranking] nothing: moving a session writes no activity day, streak or points', async () => {
    const h = await host()
    const g = await guest()
    const start = madrid(day(6), 9)
    const booked = await book(g.token, h.id, start)
    expect((await move(g.token, booked.body.appointment.id, madrid(day(6), 10), start)).res.status).toBe(200)
    for (const id of [h.id, g.id])
      expect(await activityOf(id)).toEqual({ days: [], points: 0, streak: 0, streakRewards: [] })
  })

  it('[a session moved × check-ins] nothing: a move reads and writes no check-in', async () => {
    const h = await host()
    const g = await guest()
    expect((await call(g.token, 'POST', '/v1/checkin', { mood: '4' })).res.status).toBe(200)
    const before = await checkinsOf(g.id)
    const start = madrid(day(6), 9)
    const booked = await book(g.token, h.id, start)
    expect((await move(g.token, booked.body.appointment.id, madrid(day(6), 11), start)).res.status).toBe(200)
    expect(await checkinsOf(g.id)).toEqual(before)
  })

  // ── Row: account created (new person) ───────────────────────────────────────────────────────

  it('[account created (new person) × sessions they host] a new psychologist’s sessions are half-open intervals: back to back both book, an overlap does not', async () => {
    const h = await host()
    const date = day(6)
    const [a, b] = [await guest(), await guest()]
    expect((await book(a.token, h.id, madrid(date, 9))).res.status).toBe(201)
    expect((await book(b.token, h.id, madrid(date, 10))).res.status).toBe(201) // 10:00 starts as 09:00-10:00 ends
    const offered = (await slotsOf(h.id, date)).map((s) => new Date(s.start).toISOString())
    expect(offered).toEqual([madrid(date, 11), madrid(date, 12)].map((x) => new Date(x).toISOString()))
    expect(await overlapsOf(h.id)).toEqual([])
  })

  it('[account created (new person) × sessions they booked] a new person’s first session can be moved 3 times, and the page is told so', async () => {
    const h = await host()
    const g = await guest()
    const booked = await book(g.token, h.id, madrid(day(6), 12))
    expect(booked.res.status).toBe(201)
    expect(booked.body.appointment.moves_left).toBe(3)
    const listed = await call(g.token, 'GET', '/v1/appointments')
    expect(listed.body.appointments[0].moves_left).toBe(3)
  })

  it('[account created (new person) × activity days, streaks and ranking] saves dated before the account existed count on its first day: no 7-day streak, no reward, 10 points', async () => {
    const route = await routeWithMedia({ units: 1 })
    const me = await someone('free')
    const now = Date.now()
    // The attack: seven saves dated a day apart, the oldest 6 days back, in one second.
    for (let back = 6; back >= 0; back--) {
      const res = await save(me, { unit_id: route.units[0]!.id, position: 300, played_at: now - back * DAY })
      expect(res.res.status).toBe(200)
    }
    const created = (await env.DB.prepare('SELECT created_at FROM users WHERE id = ?1')
      .bind(me.id)
      .first<{ created_at: number }>())!.created_at
    const activity = await activityOf(me.id)
    expect(activity.days).toHaveLength(1)
    expect(activity.days[0]! >= new Date(created - DAY).toISOString().slice(0, 10)).toBe(true)
    expect(activity).toMatchObject({ points: 10, streak: 1, streakRewards: [1] })
    // The unit's own moment is not before the account either.
    const row = await env.DB.prepare('SELECT updated_at FROM unit_progress WHERE user_id = ?1')
      .bind(me.id)
      .first<{ updated_at: number }>()
    expect(row!.updated_at).toBeGreaterThanOrEqual(created)
  })

  it('[account created (new person) × check-ins] a new person’s first check-in keeps their zone on the account, and their session knows it at once', async () => {
    const p = await register({ password: '' })
    const { kept } = zonesApart()
    const first = await api('/v1/checkin', {
      method: 'POST',
      locale: 'en',
      headers: { ...bearer(p.token), timezone: kept },
      form: { mood: '3' },
    })
    expect(first.status).toBe(200)
    expect((await json(first)).today.day).toBe(wallClock(Date.now(), kept).date)
    const me = await json(await api('/v1/user', { headers: bearer(p.token) }))
    expect(me.user.timezone).toBe(kept)
  })

  // ── Row: timezone changes between calls ─────────────────────────────────────────────────────

  it('[timezone changes between calls × sessions they host] the slots asked from two zones leave out the same overlapping times', async () => {
    const h = await host()
    const date = day(6)
    const g = await guest()
    expect((await book(g.token, h.id, madrid(date, 10))).res.status).toBe(201)
    expect((await changeLength(h.token, 50)).res.status).toBe(200)
    const busy = { start: Date.parse(madrid(date, 10)), end: Date.parse(madrid(date, 11)) }
    // Madrid's day, and the same hours asked as Bogotá's day (Madrid 09:00-13:00 is 03:00-07:00 there).
    const fromMadrid = await slotsOf(h.id, date, MADRID)
    const fromBogota = await slotsOf(h.id, date, 'America/Bogota')
    for (const s of [...fromMadrid, ...fromBogota]) expect(s.start < busy.end && s.end > busy.start).toBe(false)
    const morning = (list: { start: number }[]) =>
      list.filter((s) => s.start >= Date.parse(madrid(date, 9)) && s.start < Date.parse(madrid(date, 13)))
    expect(morning(fromBogota)).toEqual(morning(fromMadrid))
  })

  it('[timezone changes between calls × sessions they booked] a session booked under one zone and read and moved under another keeps its instants and its moves', async () => {
    const h = await host()
    const g = await guest()
    const start = madrid(day(6), 9)
    const booked = await api('/v1/appointment', {
      method: 'POST',
      locale: 'en',
      headers: { ...bearer(g.token), timezone: 'Asia/Tokyo' },
      form: { host_id: String(h.id), start_at: start, meeting_channel: '1' },
    })
    expect(booked.status).toBe(201)
    const id = (await json(booked)).appointment.id as number
    const read = await json(
      await api('/v1/appointments', { locale: 'en', headers: { ...bearer(g.token), timezone: 'America/Lima' } }),
    )
    expect(read.appointments[0]).toMatchObject({ id, start_at: new Date(start).toISOString(), moves_left: 3 })
    const moved = await api('/v1/appointment/move', {
      method: 'POST',
      locale: 'en',
      headers: { ...bearer(g.token), timezone: 'Pacific/Kiritimati' },
      form: { id: String(id), start_at: madrid(day(6), 10), current_start_at: start },
    })
    expect(moved.status).toBe(200)
    expect((await json(moved)).appointment).toMatchObject({
      start_at: new Date(madrid(day(6), 10)).toISOString(),
      moves_left: 2,
    })
  })

  it('[timezone changes between calls × activity days, streaks and ranking] once a first check-in kept a zone, activity days count in it, whatever zone a later call sends', async () => {
    const route = await routeWithMedia({ units: 1 })
    const me = await someone('free')
    const { kept, other } = zonesApart()
    const checked = await api('/v1/checkin', {
      method: 'POST',
      locale: 'en',
      headers: { ...bearer(me.token), timezone: kept },
      form: { mood: '4' },
    })
    expect(checked.status).toBe(200)
    const played = await api('/v1/unit/progress', {
      method: 'POST',
      locale: 'en',
      headers: { ...bearer(me.token), timezone: other },
      form: { unit_id: String(route.units[0]!.id), position: '300' },
    })
    expect(played.status).toBe(200)
    expect((await activityOf(me.id)).days).toEqual([wallClock(Date.now(), kept).date])
  })

  it('[timezone changes between calls × check-ins] a check-in just saved is today’s on the next call, whatever `timezone` header it sends', async () => {
    const p = await register({ password: '' })
    const { kept, other } = zonesApart()
    const saved = await api('/v1/checkin', {
      method: 'POST',
      locale: 'en',
      headers: { ...bearer(p.token), timezone: kept },
      form: { mood: '5', note: 'A good day' },
    })
    expect(saved.status).toBe(200)
    const today = wallClock(Date.now(), kept).date
    for (const zone of [other, 'UTC', kept]) {
      const read = await api('/v1/checkins', { locale: 'en', headers: { ...bearer(p.token), timezone: zone } })
      expect(read.status).toBe(200)
      expect((await json(read)).today).toMatchObject({ day: today, mood: 5, note: 'A good day' })
    }
  })
})
