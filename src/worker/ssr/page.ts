// The server half of a page entry (issue 13 §1): its loader, typed by the data schema of the
// page's contract, so the data a page's component reads is exactly what its loader produced.
import type { Context } from 'hono'
import type { z } from 'zod'
import type { LoadedPageId, PageData } from '#client/app/pages.ts'
import type { Ctx } from '#worker/context'
import type { AppEnv } from '#worker/env'

export interface LoaderArgs {
  c: Context<AppEnv>
  ctx: Ctx
  params: Record<string, string>
  query: Record<string, string>
}

export interface PageLoader<D> {
  /** The page's data contract: local and test runs check every render against it. */
  schema: z.ZodType<D>
  load: (args: LoaderArgs) => Promise<D>
}

/** A page's loader: it reads by calling services directly (no HTTP hop) and returns `schema`'s type. */
export function loader<S extends z.ZodType>(schema: S, load: (args: LoaderArgs) => Promise<z.output<S>>): PageLoader<z.output<S>> {
  return { schema: schema as unknown as z.ZodType<z.output<S>>, load }
}

/** The loaders of some pages, each typed by its entry in the page table. */
export type PageLoaders<K extends LoadedPageId> = { [P in K]: PageLoader<PageData<P>> }
