import { asJob } from '#worker/context'
import type { Env } from '#worker/env'
import { cleanStoredPostHtml } from '#worker/features/posts/post-html'

/** Every minute: post bodies not yet through the current HTML allowlist (migration 0011), a batch at a time. */
export async function cleanHtmlJob(env: Env) {
  const out = await asJob(env, cleanStoredPostHtml)
  if (out.cleaned) console.log(`clean-html: ${out.cleaned} post bodies checked, ${out.changed} changed`)
  return out
}
